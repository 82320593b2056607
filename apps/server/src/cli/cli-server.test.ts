import { type ChildProcess, spawn } from 'node:child_process';
import { createReadStream, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGunzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import type { Manifest } from '../modules/backups/backup.service.ts';
import { readTar } from '../modules/backups/tar.ts';
import { startServer as startInProcess } from '../server.ts';
import { freePort } from '../test/free-port.ts';
import { cliSocketPaths } from './cli-socket.ts';
import { runCli } from './run-cli.ts';

// The admin CLI beside a running server on the embedded database (PGlite opens in one process only): the real
// server process on a free port and its own DATA_DIR, and the CLI run in-process as the owner would run it (another
// process than the server's, so it finds the server holding DATA_DIR and hands it the command).

const serverDir = mkdtempSync(join(tmpdir(), 'cli-server-test-'));
const directDir = mkdtempSync(join(tmpdir(), 'cli-direct-test-'));
const backupsDir = mkdtempSync(join(tmpdir(), 'cli-backups-test-'));
const restoredDir = mkdtempSync(join(tmpdir(), 'cli-restored-test-'));
let server: ChildProcess | undefined;
let port = 0;

afterAll(async () => {
  await stopServer();
  rmSync(serverDir, { recursive: true, force: true });
  rmSync(directDir, { recursive: true, force: true });
  rmSync(backupsDir, { recursive: true, force: true });
  rmSync(restoredDir, { recursive: true, force: true });
});

/** Starts the server process and resolves with its output once it is healthy (after the setup link, if any). */
async function startServer(): Promise<() => string> {
  port = await freePort();
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: serverDir,
    LOG_LEVEL: 'info',
    WEB_DIST: '/nonexistent',
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['apps/server/src/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  server = child;
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`))),
  );
  // Healthy, with the socket up, and past the setup-link step (both cases here start without an admin).
  const ready = (async () => {
    for (;;) {
      try {
        const answered = (await fetch(`http://127.0.0.1:${port}/api/health`)).ok;
        if (answered && /No admin account yet|setup link printed earlier/.test(output)) return;
      } catch {}
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  await Promise.race([ready, exited]);
  return () => output;
}

async function stopServer() {
  const child = server;
  server = undefined;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

async function cli(dataDir: string, ...args: string[]) {
  const env: Record<string, string | undefined> = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  const result = await runCli(args, env);
  return { code: result.code, out: result.stdout, err: result.stderr };
}

/** Runs the CLI commands one after the other, as an owner types them. */
async function cliEach(dataDir: string, commands: string[][]) {
  const results = [];
  for (const args of commands) results.push(await cli(dataDir, ...args));
  return results;
}

/** Every command, with successes and the mistakes an owner makes. */
const script: string[][] = [
  [
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
  ],
  ['user', 'create', '--email', 'owner@example.test', '--password', 'secret1'],
  ['user', 'create', '--email', 'x@example.test', '--password', 'abc'],
  ['user', 'create', '--email', 'client@example.test', '--password', 'secret1'],
  ['user', 'set-role', 'client@example.test', 'lodger'],
  ['user', 'set-role', 'client@example.test', 'king'],
  ['user', 'disable', 'client@example.test'],
  ['user', 'enable', 'client@example.test'],
  ['user', 'end-sessions', 'owner@example.test'],
  ['user', 'reset-second-factor', 'owner@example.test'],
  ['user', 'disable', 'nobody@example.test'],
  ['user', 'frobnicate', 'a@b.test'],
  [],
];
const withoutIds = (text: string) =>
  text.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'ID');

async function signIn(email: string, password: string) {
  return fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
    body: JSON.stringify({ email, password }),
  });
}

/** Every row of every table of an embedded database (opened after its server stopped), as sorted JSON text. */
async function everyRow(dataDir: string): Promise<Record<string, string[]>> {
  const database = await openDatabase({ dataDir });
  try {
    const tables = (await database.db.execute(
      sql`select format('%I.%I', table_schema, table_name) as name from information_schema.tables
          where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1`,
    )) as unknown as { rows: { name: string }[] };
    const out: Record<string, string[]> = {};
    for (const { name } of tables.rows) {
      const rows = (await database.db.execute(
        sql.raw(`select row_to_json(t)::text as row from ${name} t`),
      )) as unknown as { rows: { row: string }[] };
      out[name] = rows.rows.map((r) => r.row).sort();
    }
    return out;
  } finally {
    await database.close();
  }
}

async function manifestOf(archive: string): Promise<Manifest> {
  for await (const member of readTar(createReadStream(archive).pipe(createGunzip())))
    if (member.name === 'manifest.json') return JSON.parse(member.data.toString('utf8'));
  throw new Error(`${archive} has no manifest.json`);
}

function sendRaw(socket: string, line: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const connection = connect(socket);
    let received = '';
    connection.setEncoding('utf8');
    connection.on('connect', () => connection.write(line));
    connection.on('data', (chunk: string) => {
      received += chunk;
    });
    connection.on('end', () => resolve(received));
    connection.on('error', reject);
  });
}

describe('the admin CLI beside a running server on the embedded database', { timeout: 600_000 }, () => {
  // The first start in-process, the restart as the real process that the next cases talk to.
  it('prints the setup link once: a restart within the hour prints none', async () => {
    let printed = '';
    const first = await startInProcess(
      {
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
        DATA_DIR: serverDir,
        LOG_LEVEL: 'silent',
        WEB_DIST: '/nonexistent',
      },
      {
        print: (text) => {
          printed += text;
        },
      },
    );
    await first.close();
    expect(printed).toContain('No admin account yet');
    expect(printed.match(/\/setup\?token=/g)).toHaveLength(1);
    const second = await startServer();
    expect(second()).not.toContain('/setup?token=');
    expect(second()).toContain('the setup link printed earlier is valid until then');
  });

  it('runs every command through the running server, with the output and errors of the direct way', async () => {
    // The server of the previous case still holds serverDir; directDir has no server.
    const direct = await cliEach(directDir, script);
    const viaServer = await cliEach(serverDir, script);
    const shown = (results: typeof direct) =>
      results.map((result, i) => ({ args: script[i]?.join(' '), ...result, out: withoutIds(result.out) }));
    expect(shown(viaServer)).toEqual(shown(direct));
    expect(viaServer.map((result) => result.code)).toEqual([0, 1, 1, 0, 0, 1, 0, 0, 0, 0, 1, 1, 1]);
    expect(viaServer[0]?.out).toContain('Created admin owner@example.test');
    expect(viaServer[2]?.err).toContain('at least 6 characters');

    // It changed the running server's own data: setup is over, the admin signs in, a disabled user cannot.
    const status = await fetch(`http://127.0.0.1:${port}/api/setup/status`);
    expect(((await status.json()) as { status: string }).status).toBe('done');
    expect((await signIn('owner@example.test', 'secret1')).status).toBe(200);
    expect((await cli(serverDir, 'user', 'disable', 'client@example.test')).code).toBe(0);
    expect((await signIn('client@example.test', 'secret1')).status).toBe(403);
  });

  it('keeps its socket to the owner of DATA_DIR and refuses a request without the secret, changing nothing', async () => {
    const paths = cliSocketPaths(serverDir);
    expect(statSync(paths.folder).mode & 0o777).toBe(0o700);
    expect(statSync(paths.socket).isSocket()).toBe(true);
    expect(statSync(paths.socket).mode & 0o777).toBe(0o600);
    expect(statSync(paths.secret).mode & 0o777).toBe(0o600);
    const create = ['user', 'create', '--email', 'mallory@example.test', '--password', 'secret1', '--role', 'admin'];

    for (const line of [
      `${JSON.stringify({ argv: create })}\n`,
      `${JSON.stringify({ secret: 'guessed', argv: create })}\n`,
      `${JSON.stringify({ secret: `${readFileSync(paths.secret, 'utf8')}x`, argv: create })}\n`,
      'not json\n',
    ]) {
      const answer = JSON.parse(await sendRaw(paths.socket, line));
      expect(answer).toEqual({ code: 1, stdout: '', stderr: expect.stringContaining('Refused') });
    }
    expect((await signIn('mallory@example.test', 'secret1')).status).toBe(401);
    expect((await cli(serverDir, 'user', 'end-sessions', 'mallory@example.test')).err).toContain(
      'No user has the email mallory@example.test',
    );
  });

  // Decision 042: PGlite opens in one process only, so the running server takes the backup the CLI asks for.
  it('backs up the running server through its socket, and the archive restores into a new DATA_DIR with the same rows', async () => {
    const backup = await cli(serverDir, 'backup', '--to', backupsDir);
    expect(backup.err).toBe('');
    expect(backup.code).toBe(0);
    const [name] = readdirSync(backupsDir);
    expect(name).toMatch(/^backup-\d{8}T\d{6}Z\.tar\.gz$/);
    const archive = join(backupsDir, name ?? '');
    expect(backup.out).toMatch(
      new RegExp(`^Wrote ${archive} \\(\\d+ tables, \\d+ rows, 0 files\\)\\. It does not carry the records key .*\n$`),
    );
    // The server kept running and answering.
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).ok).toBe(true);

    const manifest = await manifestOf(archive);
    expect(manifest.database.kind).toBe('pglite');
    expect(manifest.schema.lastMigration).not.toBeNull();
    expect(Object.keys(manifest.members)).toContain('database.sql');
    // The owner and the client the previous cases created, and the owner's session of the sign-in there.
    expect(manifest.tables['public."user"']).toBe(2);
    expect(manifest.tables['public.session']).toBeGreaterThanOrEqual(1);

    const restore = await cli(restoredDir, 'restore', archive);
    expect(restore.err).toBe('');
    expect(restore.code).toBe(0);
    const restored = await everyRow(restoredDir);
    // pg-boss's own bookkeeping is left out here and below: the restored install's job clock starts it anew.
    for (const [table, count] of Object.entries(manifest.tables))
      if (!table.startsWith('pgboss.')) expect([table, restored[table]?.length]).toEqual([table, count]);

    // Row for row what the server held, once it has stopped. Left out: the record of this very backup (written
    // after the dump) and pg-boss's own bookkeeping, which the running server's job clock moves on by itself.
    await stopServer();
    const original = await everyRow(serverDir);
    const compared = (rows: Record<string, string[]>) =>
      Object.fromEntries(
        Object.entries(rows).filter(([table]) => !table.startsWith('pgboss.') && table !== 'public.app_setting'),
      );
    expect(compared(restored)).toEqual(compared(original));
    expect(restored['public."user"']?.map((row) => JSON.parse(row).email).sort()).toEqual([
      'client@example.test',
      'owner@example.test',
    ]);
  });

  it('after the server stops, works on the database directly again', async () => {
    await stopServer();
    const result = await cli(serverDir, 'user', 'enable', 'client@example.test');
    expect(result).toEqual({ code: 0, out: 'client@example.test is enabled.\n', err: '' });
    expect(() => statSync(cliSocketPaths(serverDir).socket)).toThrow();
  });
});
