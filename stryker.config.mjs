// @ts-check
import { readFileSync } from 'node:fs';

/**
 * The lines of the named top-level functions of a file, for a module whose other exports are schemas and types: a
 * schema's messages and shapes are checked where they are used, not by pure unit tests. Found by name, so the ranges
 * follow the code as it moves; a name not found fails the run.
 * @param {string} file
 * @param {string[]} names
 */
function functionsOf(file, names) {
  const lines = readFileSync(file, 'utf8').split('\n');
  return names.map((name) => {
    const start = lines.findIndex((line) => line.startsWith(`export function ${name}(`));
    const end = lines.findIndex((line, index) => index > start && line === '}');
    if (start < 0 || end < 0) throw new Error(`stryker.config.mjs: no function ${name} in ${file}`);
    return `${file}:${start + 1}-${end + 1}`;
  });
}

/**
 * Mutation testing of the domain core (`npm run test:mutation`, scripts/test-mutation.ts): Stryker changes one
 * operator, condition or literal at a time in the pure modules below and runs the pure unit tests that cover it
 * (vitest.mutation.config.ts); a change no test notices is a business rule no test guards. The script checks each
 * module's score against its bar. Mutants that cannot change behaviour (equivalent) are disabled in the source with a
 * `// Stryker disable <mutator>: <reason>` comment beside the code (`git grep "Stryker disable"` lists them):
 * - zoned-time.ts (server): the cache of zonedInstant (skipped, cleared at any size or never filled, the same instant
 *   is worked out again); zoned-time.ts (shared): the cache of formatters, and Intl's weekday, which is always given.
 * - slots.ts: the weekly hours' missing day (the schema gives seven); busy[cursor] and isSlotFree's day[0], which
 *   always exist where they are read.
 * - payments.ts: a 'none' rule read as a share has no percent (NaN), which noShowFeeDue and amountDue turn into nothing.
 * - fraud-headers.ts: the screens' `?? ''` fallback for a missing value (any other text fails the number pattern too).
 * Equivalent mutants that share their line and mutator with ones the tests must kill, so are left to survive:
 * - slots.ts `cursor <= busy.length` in the busy cursor's loop: past the end busy[cursor] is undefined, read as 0.
 * - postings.ts stripeBalanceEntry: `clearingLoses >= 0`, `true` and `<= 0` for `clearingLoses < 0`, and
 *   `txn.amount <= 0`: at zero the lines carry nothing and entry() drops them.
 * - course-postings.ts courseAdjustedEntry: `leftAfter <= leftBefore`: with no change either side moves nothing, and
 *   entry() drops the empty lines.
 * - fraud-headers.ts validateFraudHeaders: `value !== undefined` made `true` (an undefined value kept reads back as
 *   missing, as one left out); the `?? ''` fallback of a missing type, timestamp, window width or height, hop's by or
 *   for made any other text (it fails the same check: not a factor type, not an instant, not digits, not an IP).
 * - series-occurrences.ts: the count condition made `true` (rrule reads an undefined count as none), and the DTSTART
 *   pattern without its `^` (rrule's text always begins with its DTSTART line).
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  coverageAnalysis: 'perTest',
  mutate: [
    'apps/server/src/modules/availability/slots.ts',
    'apps/server/src/lib/zoned-time.ts',
    'packages/shared/src/zoned-time.ts',
    'apps/server/src/modules/ledger/postings.ts',
    'apps/server/src/modules/ledger/voucher-postings.ts',
    'apps/server/src/modules/ledger/course-postings.ts',
    'apps/server/src/modules/ledger/bank-transfer-postings.ts',
    'apps/server/src/modules/series/series-occurrences.ts',
    'apps/server/src/modules/exports/export-formats.ts',
    'apps/server/src/modules/vat-returns/fraud-headers.ts',
    'packages/shared/src/money.ts',
    ...functionsOf('packages/shared/src/payments.ts', ['noShowFeeDue', 'amountDue', 'cancellationMoneyText']),
    ...functionsOf('packages/shared/src/invoices.ts', [
      'invoiceLabel',
      'issueDateProblem',
      'priceLine',
      'invoiceTotals',
      'vatByRate',
      'formatVatRate',
    ]),
    ...functionsOf('packages/shared/src/vouchers.ts', ['formatVoucherCode', 'cancellationVoucherText']),
  ],
  // One worker: the other core stays free for whatever else runs (CI is timed on a two-core machine).
  concurrency: 1,
  reporters: ['clear-text', 'progress', 'json', 'html'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  // The bars are per module, in scripts/test-mutation.ts; Stryker's single threshold does not fail the run.
  thresholds: { high: 95, low: 90, break: null },
  // Not incremental: Stryker keeps the old result of a static mutant (module-level code, such as postings.ts's sets of
  // Stripe types) even when the tests change, as no test covers it by name.
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  ignorePatterns: ['data', 'dist', 'test-results', 'playwright-report', 'reports', 'e2e', 'bench', 'docs'],
};
