import { defineConfig } from 'vitest/config';

const serverProject = (database: 'pglite' | 'postgres') => ({
  test: {
    name: `server-${database}`,
    include: ['apps/server/src/**/*.test.ts'],
    // The CLI beside a running embedded server is about PGlite alone: once is enough.
    exclude: [
      'apps/server/src/scaling/**',
      '**/node_modules/**',
      ...(database === 'postgres' ? ['apps/server/src/cli/cli-server.test.ts'] : []),
    ],
    environment: 'node',
    env: { TEST_DB: database },
    testTimeout: 90_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' } },
      serverProject('pglite'),
      // Server tests run again on a real PostgreSQL when one is given (CI does).
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
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
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // Rendering Mantine in jsdom on two busy cores can take seconds.
          testTimeout: 30_000,
        },
      },
    ],
  },
});
