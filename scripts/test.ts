// `npm test`: the whole suite. Lint, the architecture's rules, types, unit and integration tests (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), a production build, then the end-to-end tests in Debian's Chromium.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const stages: string[] = [];

/** Runs one stage; each prints how long it took, and the summary of all stages so far, so a slow one shows. */
function run(title: string, command: string, args: string[], env: Record<string, string> = {}) {
  console.log(`\n▶ ${title}`);
  const started = performance.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = Math.round((performance.now() - started) / 1000);
  stages.push(`${title}: ${Math.floor(seconds / 60)} min ${seconds % 60} s`);
  console.log(`\n⏱ ${stages.join(' · ')}`);
  if (result.status !== 0) {
    console.error(`✖ ${title} failed`);
    process.exit(result.status ?? 1);
  }
}

if (!existsSync('/usr/lib/chromium/chromium-headless-shell')) {
  if (process.getuid?.() === 0) {
    run('Installing Debian Chromium for the end-to-end tests', 'sh', [
      '-c',
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell',
    ]);
  } else {
    console.error('End-to-end tests need Debian Chromium: sudo apt-get install chromium chromium-headless-shell');
    process.exit(1);
  }
}

run('Lint (Biome)', 'npx', ['biome', 'check', '.']);
run('Architecture (no import cycle, features apart, files of at most 600 lines)', 'node', [
  'scripts/check-architecture.ts',
]);
run('Type check', 'npm', ['run', '-s', 'typecheck']);
run('Unit and integration tests (Vitest)', 'npx', ['vitest', 'run']);
run('Production build', 'npm', ['run', '-s', 'build']);
// Files in a random order every run (the seed is printed, `--shuffle=<seed>` repeats it): no test may rely on
// another having run before it. The desktop walks, then those at phone size, each project a run of its own: shuffled
// together, the workers switched project (and so process and browser) between most tests.
run('End-to-end tests, desktop (Playwright, Chromium)', 'npx', [
  'playwright',
  'test',
  '--shuffle',
  '--project=desktop',
]);
run('End-to-end tests, phone size (Playwright, Chromium)', 'npx', [
  'playwright',
  'test',
  '--shuffle',
  '--project=phone',
]);
