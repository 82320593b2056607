// `npm run test:mutation`: Stryker over the pure domain core (stryker.config.mjs), then each module's mutation score
// against its bar: 95 % for the slots and the ledger postings, where a surviving mutant is a business rule no test
// guards, 90 % for the others. Exits non-zero when one is below its bar. Arguments go to Stryker (e.g. `--mutate
// apps/server/src/modules/availability/slots.ts` to try one module); only the modules it mutated are checked.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const bars: Record<string, number> = {
  'apps/server/src/modules/availability/slots.ts': 95,
  'apps/server/src/modules/ledger/postings.ts': 95,
  'apps/server/src/modules/ledger/course-postings.ts': 95,
};
const defaultBar = 90;
/** Where stryker.config.mjs has its JSON reporter write. */
const reportPath = 'reports/mutation/mutation.json';

const run = spawnSync('npx', ['stryker', 'run', 'stryker.config.mjs', ...process.argv.slice(2)], { stdio: 'inherit' });
if (run.status !== 0) {
  console.error('✖ Stryker failed');
  process.exit(run.status ?? 1);
}

type Report = { files: Record<string, { mutants: { status: string }[] }> };
const report = JSON.parse(readFileSync(reportPath, 'utf8')) as Report;

const rows = Object.entries(report.files).map(([file, { mutants }]) => {
  const count = (...statuses: string[]) => mutants.filter((m) => statuses.includes(m.status)).length;
  const detected = count('Killed', 'Timeout');
  // Stryker's own score: what the tests detect of the mutants that ran or no test covers (Ignored ones are not counted).
  const valid = detected + count('Survived', 'NoCoverage');
  const score = valid ? (100 * detected) / valid : 100;
  const bar = bars[file] ?? defaultBar;
  return { file, mutants: valid, survived: valid - detected, ignored: count('Ignored'), score, bar };
});

console.log('\nMutation score per module:');
for (const row of rows)
  console.log(
    `${row.score >= row.bar ? '✓' : '✖'} ${row.file}: ${row.score.toFixed(1)} % of ${row.mutants} mutants ` +
      `(${row.survived} undetected, ${row.ignored} disabled as equivalent; bar ${row.bar} %)`,
  );
const below = rows.filter((row) => row.score < row.bar);
if (below.length) {
  console.error(`✖ ${below.length} module(s) below their bar: see reports/mutation/mutation.html`);
  process.exit(1);
}
