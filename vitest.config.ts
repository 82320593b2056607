import { existsSync, globSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const root = import.meta.dirname;

// The test files of a project share a worker (no isolation per file): the app's modules load once per worker, not
// once per file. A file that relies on module state of its own runs in an isolated project beside it: one that mocks
// modules, fakes timers or reloads modules (found by what it calls), or needs a module-level store fresh (listed).
// vitest.shared-worker.ts puts back what a file changed of the worker's globals, and the files run in a random order
// (below), so none depends on which ran before it.
const callsForOwnModules = /\bvi\.(mock|doMock|resetModules|useFakeTimers)\(/;
const needsFreshStore = [
  // the trackers' loaders remember which tracker they started, as the consent banner's test expects them not to have
  'apps/web/src/app/boot/start-up-modules.test.ts',
  // the better-auth client keeps the fetch it finds when first imported; the session store keeps who signed in
  'apps/web/src/features/auth/components/auth-query-notices.test.tsx',
  'apps/web/src/components/auth/sign-in-form.test.tsx',
  'apps/web/src/components/auth/sign-up-form.test.tsx',
  'apps/web/src/features/auth/components/signed-in-devices.test.tsx',
  'apps/web/src/features/auth/routes/account-page.test.tsx',
  'apps/web/src/features/auth/routes/facebook-login-page.test.tsx',
];
const ownModuleState = [
  ...globSync(['apps/*/src/**/*.test.{ts,tsx}', 'packages/*/src/**/*.test.ts'], { cwd: root }).filter((file) =>
    callsForOwnModules.test(readFileSync(join(root, file), 'utf8')),
  ),
  ...needsFreshStore,
];

// Server files that never open the test database run once, not on each database: pure logic, and the processes
// that keep their own DATA_DIR (the server and the admin CLI on the embedded database). openTestDatabase refuses
// to run in their project, so a file listed here by mistake fails instead of skipping PostgreSQL.
const withoutTestDatabase = [
  'apps/server/src/env.test.ts',
  'apps/server/src/lib/shared-read.test.ts',
  'apps/server/src/lib/zoned-time.test.ts',
  'apps/server/src/modules/availability/slots.test.ts',
  'apps/server/src/modules/config/config.test.ts',
  'apps/server/src/modules/expenses/bank-statement.test.ts',
  'apps/server/src/modules/ledger/bank-transfer-postings.test.ts',
  'apps/server/src/modules/ledger/course-postings-by-event.test.ts',
  'apps/server/src/modules/ledger/course-postings.test.ts',
  'apps/server/src/modules/ledger/postings-by-event.test.ts',
  'apps/server/src/modules/ledger/postings.test.ts',
  'apps/server/src/modules/series/series-occurrences.test.ts',
  'apps/server/src/modules/exports/export-formats.test.ts',
  'apps/server/src/modules/vat-returns/fraud-headers.test.ts',
  'apps/server/src/test/stripe-peer.test.ts',
  'apps/server/src/main.test.ts',
  'apps/server/src/server-bundle.test.ts',
  'apps/server/src/startup-checks.test.ts',
  'apps/server/src/cli/backup-cli.test.ts',
  'apps/server/src/cli/cli-server.test.ts',
];

// A file renamed or removed must leave these lists too, or its new name would run where it must not.
for (const file of [...needsFreshStore, ...withoutTestDatabase])
  if (!existsSync(join(root, file))) throw new Error(`vitest.config.ts names ${file}, which does not exist`);

type Project = NonNullable<TestProjectInlineConfiguration['test']> & {
  name: string;
  include: string[];
  exclude?: string[];
};

/** The project whose files share a worker, and `<name>-isolated` for those of its files that need their own. */
function sharedWorker({
  name,
  include,
  exclude = [],
  setupFiles = [],
  ...options
}: Project): TestProjectInlineConfiguration[] {
  const isolated = ownModuleState.filter(
    (file) => include.some((glob) => within(glob, file)) && !exclude.includes(file),
  );
  return [
    {
      test: {
        ...options,
        name,
        include,
        exclude: [...exclude, ...isolated, '**/node_modules/**'],
        isolate: false,
        setupFiles: [...[setupFiles].flat(), 'vitest.shared-worker.ts'],
      },
    },
    ...(isolated.length ? [{ test: { ...options, name: `${name}-isolated`, include: isolated, setupFiles } }] : []),
  ];
}

/** Whether `file` is the path `pattern` names, or lies in the folder before the pattern's `/**`. */
function within(pattern: string, file: string) {
  const [folder, rest] = pattern.split('/**');
  return pattern === file || (rest !== undefined && file.startsWith(`${folder}/`));
}

const serverTests = 'apps/server/src/**/*.test.ts';
const serverTimeouts = { testTimeout: 90_000, hookTimeout: 60_000 };

/** Every server file that opens the test database, on a copy of one database migrated at the start of the run. */
const onDatabase = (database: 'pglite' | 'postgres') =>
  sharedWorker({
    name: `server-${database}`,
    include: [serverTests],
    exclude: ['apps/server/src/scaling/**', ...withoutTestDatabase],
    environment: 'node',
    env: { TEST_DB: database },
    globalSetup: ['apps/server/src/test/database-template.ts'],
    ...serverTimeouts,
  });

/**
 * The files of each project in a random order, the projects one after the other as Vitest orders them: a worker then
 * runs one project's files back to back (Vitest's own shuffle mixes the projects, and a shared worker is given up
 * whenever the next file belongs to another project). The seed is printed; `--sequence.seed=<seed>` repeats it.
 */
class ShuffledWithinProjects extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const seed = this.ctx.config.sequence.seed ?? Date.now() % 1_000_000;
    console.log(`Test files in a random order within each project, seed ${seed} (--sequence.seed=${seed} repeats it)`);
    const random = seeded(seed);
    const sorted = await super.sort(files);
    const projects = new Map<string, number>();
    for (const file of sorted) if (!projects.has(file.project.name)) projects.set(file.project.name, projects.size);
    return sorted
      .map((file) => ({ file, project: projects.get(file.project.name) ?? 0, key: random() }))
      .sort((a, b) => a.project - b.project || a.key - b.key)
      .map(({ file }) => file);
  }
}

/** mulberry32: a small generator of numbers in [0, 1) that a seed repeats. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export default defineConfig({
  test: {
    // A worker per core (Vitest keeps one core free by default: on CI's two cores, one worker). The files wait on
    // the database and on the processes they start as much as they compute, and each has its own copy of the data.
    maxWorkers: availableParallelism(),
    sequence: { sequencer: ShuffledWithinProjects },
    projects: [
      ...sharedWorker({ name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' }),
      ...sharedWorker({ name: 'server', include: withoutTestDatabase, environment: 'node', ...serverTimeouts }),
      ...onDatabase('pglite'),
      // Server tests run again on a real PostgreSQL when one is given (CI does).
      ...(process.env.TEST_DATABASE_URL ? onDatabase('postgres') : []),
      // Several server processes on one PostgreSQL (issue 10): only where a real PostgreSQL is given.
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'server-scaling',
                include: ['apps/server/src/scaling/**/*.test.ts'],
                environment: 'node',
                testTimeout: 300_000,
                hookTimeout: 180_000,
              },
            },
          ]
        : []),
      ...sharedWorker({
        name: 'web',
        include: ['apps/web/src/**/*.test.{ts,tsx}'],
        environment: 'jsdom',
        setupFiles: ['apps/web/src/test/setup.ts'],
        // Rendering Mantine in jsdom on two busy cores can take seconds.
        testTimeout: 30_000,
      }),
    ],
  },
});
