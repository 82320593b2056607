import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { user } from '../db/schema.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'cli-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function cli(...args: string[]) {
  const env: Record<string, string | undefined> = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  const result = spawnSync(process.execPath, ['apps/server/src/cli/cli.ts', ...args], { encoding: 'utf8', env });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

async function users() {
  const database = await openDatabase({ dataDir });
  try {
    return await database.db.select().from(user);
  } finally {
    await database.close();
  }
}

// Each case starts a Node process that opens the embedded database: seconds each on a busy machine.
describe('admin CLI', { timeout: 120_000 }, () => {
  it('creates the first admin, verified, with a lower-cased email', async () => {
    const result = cli(
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
    expect(cli('user', 'set-role', 'owner@example.test', 'lodger').code).toBe(0);
    expect(cli('user', 'disable', 'owner@example.test').code).toBe(0);
    expect(await users()).toEqual([expect.objectContaining({ role: 'lodger', banned: true })]);
    expect(cli('user', 'enable', 'owner@example.test').code).toBe(0);
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
    const result = cli(...args);
    expect(result.code).toBe(1);
    expect(result.err).toContain(message);
    expect(await users()).toEqual(before);
  });
});
