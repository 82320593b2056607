import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import { user } from '../db/schema.ts';
import { parseEnv } from '../env.ts';
import { openTestDatabase } from '../test/test-context.ts';
import { runCommand } from './commands.ts';

// The commands run in-process on the test database, the way the running server runs them for the CLI
// (cli-socket.ts); the last case starts the real `node cli.ts`, which opens the database itself.

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: 'memory://' });

async function cli(...args: string[]) {
  const result = await runCommand({ database, env }, { argv: args });
  return { code: result.code, out: result.stdout, err: result.stderr };
}

const users = () => database.db.select().from(user);

describe('admin CLI', { timeout: 120_000 }, () => {
  it('creates the first admin, verified, with a lower-cased email', async () => {
    const result = await cli(
      'user',
      'create',
      '--email',
      'Owner@Example.test',
      '--password',
      'secret1',
      '--name',
      'Olga Owner',
      '--role',
      'admin',
    );
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(result.out).toContain('Created admin owner@example.test');
    expect(await users()).toEqual([
      expect.objectContaining({ email: 'owner@example.test', name: 'Olga Owner', role: 'admin', emailVerified: true }),
    ]);
  });

  it('changes a role, disables and enables a user', async () => {
    expect((await cli('user', 'set-role', 'owner@example.test', 'lodger')).code).toBe(0);
    expect((await cli('user', 'disable', 'owner@example.test')).code).toBe(0);
    expect(await users()).toEqual([expect.objectContaining({ role: 'lodger', banned: true })]);
    expect((await cli('user', 'enable', 'owner@example.test')).code).toBe(0);
    expect(await users()).toEqual([expect.objectContaining({ banned: false })]);
  });

  it.each([
    [['user', 'create', '--email', 'owner@example.test', '--password', 'secret1'], 'already exists'],
    [['user', 'create', '--email', 'not-an-email', '--password', 'secret1'], 'valid email'],
    [['user', 'create', '--email', 'x@example.test', '--password', 'abc'], 'at least 6 characters'],
    [['user', 'create', '--email', 'x@example.test'], 'needs --email and --password'],
    [
      ['user', 'create', '--email', 'x@example.test', '--password', 'secret1', '--role', 'king'],
      'Role must be one of user, admin, lodger',
    ],
    [['user', 'set-role', 'owner@example.test', 'king'], 'Role must be one of'],
    [['user', 'disable', 'nobody@example.test'], 'No user has the email nobody@example.test'],
    [['user', 'frobnicate', 'a@b.test'], 'Unknown command'],
    [['user', 'create', '--bogus'], 'Unknown option'],
    [[], 'Usage: npm run cli'],
  ])('refuses %j with a clear message and exit code 1, changing nothing', async (args, message) => {
    const before = await users();
    const result = await cli(...args);
    expect(result.code).toBe(1);
    expect(result.err).toContain(message);
    expect(await users()).toEqual(before);
  });

  // The binary itself, on the database its environment names: PostgreSQL (this file's own) when the tests run on
  // it, otherwise the embedded database in a new DATA_DIR.
  it('runs as `node cli.ts` on the database of its environment, printing the answer, with exit code 0', async () => {
    const environment: Record<string, string | undefined> = { ...process.env, LOG_LEVEL: 'silent' };
    delete environment.DATABASE_URL;
    const dataDir = mkdtempSync(join(tmpdir(), 'cli-test-'));
    if (database.source.kind === 'postgres') environment.DATABASE_URL = database.source.url;
    else environment.DATA_DIR = dataDir;
    try {
      const args = ['user', 'create', '--email', 'Second@Example.test', '--password', 'secret1'];
      const result = spawnSync(process.execPath, ['apps/server/src/cli/cli.ts', ...args], {
        encoding: 'utf8',
        env: environment,
      });
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      expect(result.stdout).toMatch(/^Created user second@example\.test \([0-9a-f-]{36}\)\.\n$/);
      const written = database.source.kind === 'postgres' ? database : await openDatabase({ dataDir });
      try {
        expect(await written.db.select().from(user).where(eq(user.email, 'second@example.test'))).toEqual([
          expect.objectContaining({ role: 'user', emailVerified: true }),
        ]);
      } finally {
        if (written !== database) await written.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
