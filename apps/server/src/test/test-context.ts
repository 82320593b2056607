import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Writable } from 'node:stream';
import pg from 'pg';
import pino from 'pino';
import { inject } from 'vitest';
import { buildApp, createContext } from '../app.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { parseEnv } from '../env.ts';

/**
 * Opens the database a test file runs on, a copy of the one migrated at the start of the run (database-template.ts):
 * PGlite in memory, or a new PostgreSQL database.
 */
export async function openTestDatabase(): Promise<Database> {
  const template = inject('testDatabase');
  if (!template)
    throw new Error(
      'This test file opens the test database but vitest.config.ts lists it among the files without one: remove it there.',
    );
  if (template.kind === 'pglite')
    return openDatabase({ dataDir: 'memory://', snapshot: await snapshotOf(template.snapshot) });
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template.template}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused' });
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

// Read once per worker: every file of a shared worker loads the same bytes.
const snapshots = new Map<string, Blob>();
async function snapshotOf(file: string): Promise<Blob> {
  let snapshot = snapshots.get(file);
  if (!snapshot) {
    snapshot = new Blob([await readFile(file)]);
    snapshots.set(file, snapshot);
  }
  return snapshot;
}

export const TEST_SECRET = 'test-secret-test-secret-test-secret-0123';

/** The whole app in-process, on its own database; logs are kept in `logs` for assertions. */
export async function createTestApp(envOverrides: Record<string, string> = {}, options: { jobs?: boolean } = {}) {
  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATA_DIR: 'memory://',
    PUBLIC_URL: 'http://localhost:3000',
    AUTH_SECRET: TEST_SECRET,
    WEB_DIST: '/nonexistent',
    ...envOverrides,
  });
  const logs: Record<string, unknown>[] = [];
  const logger = pino(
    { level: 'info' },
    new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n')) if (line) logs.push(JSON.parse(line));
        done();
      },
    }),
  );
  const database = await openTestDatabase();
  const context = await createContext(env, { database, logger });
  const app = await buildApp(context);
  if (options.jobs) await context.startJobs();
  return {
    app,
    context,
    db: context.db,
    logs,
    async close() {
      await app.close();
      await context.close();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const ORIGIN = 'http://localhost:3000';

/** Calls an auth endpoint the way the browser does and keeps its cookies. */
export function authAgent(app: TestApp['app']) {
  let cookies: Record<string, string> = {};
  async function call(method: 'GET' | 'POST', url: string, payload?: unknown) {
    const response = await app.inject({
      method,
      url,
      payload: payload as Record<string, unknown> | undefined,
      headers: {
        origin: ORIGIN,
        cookie: Object.entries(cookies)
          .map(([k, v]) => `${k}=${v}`)
          .join('; '),
      },
    });
    for (const cookie of response.cookies) {
      if (cookie.maxAge === 0 || cookie.value === '') delete cookies[cookie.name];
      else cookies[cookie.name] = cookie.value;
    }
    return response;
  }
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, payload: unknown = {}) => call('POST', url, payload),
    get cookies() {
      return cookies;
    },
    setCookies(next: Record<string, string>) {
      cookies = next;
    },
  };
}
