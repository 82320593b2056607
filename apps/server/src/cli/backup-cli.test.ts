import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { user } from '../db/schema.ts';
import { runCli } from './run-cli.ts';

const scratch = mkdtempSync(join(tmpdir(), 'backup-cli-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const source = join(scratch, 'source');
const archives = join(scratch, 'archives');

const envOf = (dataDir: string) => {
  const env: Record<string, string | undefined> = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  return env;
};

/** The CLI in-process, as `node cli.ts` runs it. */
async function cli(dataDir: string, ...args: string[]) {
  const result = await runCli(args, envOf(dataDir));
  return { code: result.code, out: result.stdout, err: result.stderr };
}

/** The real `node cli.ts`: another process than the one holding the database. */
function cliProcess(dataDir: string, ...args: string[]) {
  const result = spawnSync(process.execPath, ['apps/server/src/cli/cli.ts', ...args], {
    encoding: 'utf8',
    env: envOf(dataDir),
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

async function users(dataDir: string) {
  const database = await openDatabase({ dataDir });
  try {
    return (await database.db.select().from(user)).map(({ email, role }) => ({ email, role }));
  } finally {
    await database.close();
  }
}

// Each command opens the embedded database: seconds each on a busy machine.
describe('backup and restore from the admin CLI (embedded database)', { timeout: 180_000 }, () => {
  let archive = '';

  it('backs up a stopped install into --to DIR and restores it into a new DATA_DIR', async () => {
    expect(
      (await cli(source, 'user', 'create', '--email', 'owner@example.test', '--password', 'secret1', '--role', 'admin'))
        .code,
    ).toBe(0);
    const backup = await cli(source, 'backup', '--to', archives);
    expect(backup.err).toBe('');
    expect(backup.code).toBe(0);
    const [name] = readdirSync(archives);
    expect(name).toMatch(/^backup-\d{8}T\d{6}Z\.tar\.gz$/);
    archive = join(archives, name ?? '');
    expect(backup.out).toContain(`Wrote ${archive}`);

    const target = join(scratch, 'restored');
    const restore = await cli(target, 'restore', archive);
    expect(restore.err).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.out).toMatch(
      /^Restored the backup of .* into .*restored: \d+ rows, 0 files\. The backup does not carry the records key: .*\n$/,
    );
    expect(await users(target)).toEqual([{ email: 'owner@example.test', role: 'admin' }]);
  });

  it('carries the records key only when asked, and the restore puts it beside the new database and says so', async () => {
    const backup = await cli(source, 'backup', '--to', join(scratch, 'with-key'), '--with-records-key');
    expect(backup.code).toBe(0);
    expect(backup.out).toContain('It carries the records key');
    const [name] = readdirSync(join(scratch, 'with-key'));
    const target = join(scratch, 'restored-with-key');
    const restore = await cli(target, 'restore', join(scratch, 'with-key', name ?? ''));
    expect(restore.code).toBe(0);
    expect(restore.out).toContain(`The records key came with the backup: written to ${join(target, 'records.key')}.`);
    expect(readFileSync(join(target, 'records.key'), 'utf8')).toBe(readFileSync(join(source, 'records.key'), 'utf8'));
  });

  it('refuses to restore over an install that has data, in one line, exit code 1', async () => {
    const result = await cli(source, 'restore', archive);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(
      /^.*already holds a database: restore into a new, empty DATA_DIR \(nothing was changed\)\.\n$/,
    );
    expect(await users(source)).toEqual([{ email: 'owner@example.test', role: 'admin' }]);
  });

  it('refuses a damaged archive in one line, exit code 1, leaving no DATA_DIR behind', async () => {
    const cut = join(scratch, 'cut.tar.gz');
    const bytes = readFileSync(archive);
    writeFileSync(cut, bytes.subarray(0, bytes.length - 100));
    const target = join(scratch, 'never');
    const result = await cli(target, 'restore', cut);
    expect(result.code).toBe(1);
    expect(result.err).toBe('The backup archive is damaged (it is cut short); nothing was restored.\n');
    // The restore made the folder, so a refused one takes it away again (decision 059).
    expect(existsSync(target)).toBe(false);
  });

  // A running server answers on its socket and takes the backup itself (cli-server.test.ts, "backs up the running
  // server through its socket…"); a process that holds the database without answering is refused, nothing written.
  it('refuses to back up while a process that does not answer holds the embedded database, naming it', async () => {
    const running = await openDatabase({ dataDir: source });
    try {
      const result = cliProcess(source, 'backup', '--to', archives);
      expect(result.code).toBe(1);
      expect(result.err).toContain(`is in use by process ${process.pid}, which does not answer`);
    } finally {
      await running.close();
    }
    expect(readdirSync(archives)).toHaveLength(1);
  });
});
