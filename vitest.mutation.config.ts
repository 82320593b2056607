import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The pure unit tests of the domain core, for `npm run test:mutation` (stryker.config.mjs): no database, no server,
 * so Stryker runs them once per mutant in seconds. The shared package is resolved from this folder, so that in
 * Stryker's sandbox the server's tests import the mutated copy, not the workspace link to the original.
 */
export const mutationTestFiles = [
  'apps/server/src/modules/availability/slots.test.ts',
  'apps/server/src/lib/zoned-time.test.ts',
  'apps/server/src/modules/ledger/postings.test.ts',
  'apps/server/src/modules/ledger/postings-by-event.test.ts',
  'apps/server/src/modules/ledger/course-postings.test.ts',
  'apps/server/src/modules/ledger/course-postings-by-event.test.ts',
  'apps/server/src/modules/ledger/bank-transfer-postings.test.ts',
  'apps/server/src/modules/series/series-occurrences.test.ts',
  'apps/server/src/modules/exports/export-formats.test.ts',
  'apps/server/src/modules/vat-returns/fraud-headers.test.ts',
  'packages/shared/src/money-and-time.test.ts',
  'packages/shared/src/payments.test.ts',
  'packages/shared/src/invoices.test.ts',
  'packages/shared/src/vouchers.test.ts',
];

export default defineConfig({
  resolve: { alias: { '@app/shared': join(import.meta.dirname, 'packages/shared/src/index.ts') } },
  test: { include: mutationTestFiles, environment: 'node', pool: 'threads', maxWorkers: 1, testTimeout: 60_000 },
});
