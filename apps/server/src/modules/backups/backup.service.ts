import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, readFileSync } from 'node:fs';
import { chmod, mkdir, readdir, rename, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { createGzip } from 'node:zlib';
import { AppError } from '@app/shared';
import { eq } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client.ts';
import { appSetting, type WebsiteImageVariant } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import type { FileStore } from '../storage/file-store.ts';
import { rowCountsOf, rowsOf } from './dump-sql.ts';
import { endTar, writeTarMember } from './tar.ts';

export const BACKUP_FORMAT = 'massage-booking-backup';
export const MANIFEST = 'manifest.json';
export const DATABASE_MEMBER = 'database.sql';
/** The key of the practice's records, in an archive only when the owner asked for it (decision 068). */
export const RECORDS_KEY_MEMBER = 'records.key';

export type Migration = { hash: string; createdAt: number };
export type StoredFileEntry = { bucket: string; path: string; size: number; contentType: string };

export type Manifest = {
  format: typeof BACKUP_FORMAT;
  formatVersion: 1;
  appVersion: string;
  createdAt: string;
  database: { kind: 'pglite' | 'postgres'; dumpedWith: string };
  /** The drizzle migrations applied, oldest first; the last is the schema's version. */
  schema: { migrations: Migration[]; lastMigration: Migration | null };
  /** Rows per table, as in database.sql. */
  tables: Record<string, number>;
  /** Every file the product keeps (uploads and website photos: `keptFilesOf`), under files/<path> in the archive. */
  files: StoredFileEntry[];
  /** Every other member of the archive, with its size and SHA-256. */
  members: Record<string, { size: number; sha256: string }>;
};

export const appVersion: string = JSON.parse(
  readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../../../../../package.json'), 'utf8'),
).version;

type Snapshot = { sql: string; migrations: Migration[]; files: StoredFileEntry[]; dumpedWith: string };

/** The session settings pg_dump changes on the shared PGlite session, put back after it. */
const sessionSettings = [
  'search_path',
  'datestyle',
  'intervalstyle',
  'extra_float_digits',
  'synchronize_seqscans',
  'statement_timeout',
  'lock_timeout',
  'idle_in_transaction_session_timeout',
  'transaction_timeout',
  'row_security',
  'client_encoding',
  'standard_conforming_strings',
  'quote_all_identifiers',
];

// Plain SQL with one INSERT per row naming its columns: PGlite loads it with exec(), PostgreSQL through the
// driver, and the manifest's migrations and file list are read from it (so they match it exactly).
const dumpArgs = ['--format=plain', '--column-inserts', '--no-owner', '--no-privileges'];

/**
 * The database as one consistent SQL dump. PGlite is dumped through the server's own open instance (it is
 * single-process), holding its lock so that no query or transaction of the app runs meanwhile; PostgreSQL
 * by pg_dump, which reads one snapshot.
 */
async function snapshotOf(database: Database): Promise<Snapshot> {
  const source = database.source;
  let sql: string;
  let dumpedWith: string;
  if (source.kind === 'pglite') {
    const client = source.client;
    const [path] = (await client.query<{ search_path: string }>('show search_path')).rows;
    const settings = (
      await client.query<{ name: string; setting: string }>(
        'select name, setting from pg_settings where name = any($1)',
        [sessionSettings],
      )
    ).rows;
    const restoreSettings = settings
      .map(({ name, setting }) => `select set_config('${name}', '${setting.replace(/'/g, "''")}', false);`)
      .join(' ');
    // pgDump asks for the search path and resets it through the public methods, which wait for the lock
    // held here; they are answered by this stand-in instead, and the session is reset after.
    const stand = {
      query: async () => ({ rows: [path] }),
      exec: async () => [],
      execProtocolRawSync: (message: Uint8Array) => client.execProtocolRawSync(message),
    } as unknown as typeof client;
    // Loaded here only: a server on PostgreSQL never loads PGlite's pg_dump.
    const { pgDump } = await import('@electric-sql/pglite-tools/pg_dump');
    sql = await client._runExclusiveTransaction(async () => {
      const text = await (await pgDump({ pg: stand, args: dumpArgs })).text();
      // pg_dump leaves its read-only transaction open and its settings on the shared session (it expects
      // to disconnect): end both before the app's next query (RESET ALL would not do: it goes back to
      // pg_dump's own connection settings).
      client.execProtocolRawSync(simpleQuery(`rollback; deallocate all; ${restoreSettings}`));
      return text;
    });
    dumpedWith = 'pg_dump of @electric-sql/pglite-tools 0.3.6';
  } else {
    ({ sql, version: dumpedWith } = await runPgDump(source.url));
  }
  const migrations = rowsOf(sql, 'drizzle.__drizzle_migrations').map((row) => ({
    hash: row.hash ?? '',
    createdAt: Number(row.created_at),
  }));
  return { sql, migrations, files: keptFilesOf(sql), dumpedWith };
}

/**
 * Every file the product keeps in its store, read from the tables that name them: this is the one list. A feature
 * that stores files of its own adds its table here (the backup round-trip test compares every file in the store).
 */
export function keptFilesOf(sql: string): StoredFileEntry[] {
  const uploads = rowsOf(sql, 'public.stored_file').map((row) => ({
    bucket: row.bucket ?? '',
    path: row.path ?? '',
    size: Number(row.size),
    contentType: row.content_type ?? '',
  }));
  const websitePhotos = rowsOf(sql, 'public.website_image').flatMap((row) =>
    (JSON.parse(row.variants ?? '[]') as WebsiteImageVariant[]).map((variant) => ({
      bucket: row.bucket ?? '',
      path: variant.path,
      size: variant.size,
      contentType: `image/${variant.format}`,
    })),
  );
  return [...uploads, ...websitePhotos];
}

/** A simple-protocol Query message, for the one statement that must run inside PGlite's lock. */
function simpleQuery(text: string): Uint8Array {
  const body = Buffer.from(`${text}\0`, 'utf8');
  const message = Buffer.alloc(5 + body.length);
  message.write('Q', 0, 'latin1');
  message.writeInt32BE(4 + body.length, 1);
  body.copy(message, 5);
  return message;
}

/** pg_dump of the machine (PATH, or PG_DUMP), plain SQL with one INSERT per row so that PGlite can load it. */
async function runPgDump(url: string): Promise<{ sql: string; version: string }> {
  const binary = process.env.PG_DUMP || 'pg_dump';
  const run = (args: string[]) =>
    new Promise<{ code: number | null; out: Buffer; err: string }>((resolvePromise, reject) => {
      const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      const out: Buffer[] = [];
      let err = '';
      child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => {
        err += chunk.toString();
      });
      child.on('error', (error: NodeJS.ErrnoException) =>
        reject(
          error.code === 'ENOENT'
            ? new AppError(
                'CONFLICT',
                'pg_dump was not found: install the PostgreSQL client tools (the same major version as the server, or newer) or set PG_DUMP to its path.',
              )
            : error,
        ),
      );
      child.on('close', (code) => resolvePromise({ code, out: Buffer.concat(out), err }));
    });
  const version = (await run(['--version'])).out.toString().trim();
  const dumped = await run([...dumpArgs, `--dbname=${url}`]);
  if (dumped.code !== 0)
    throw new AppError('CONFLICT', `pg_dump failed: ${dumped.err.trim().split('\n')[0] ?? `exit code ${dumped.code}`}`);
  return { sql: dumped.out.toString('utf8'), version };
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function backupFileName(at: Date): string {
  return `backup-${at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}.tar.gz`;
}

/**
 * Writes one compressed archive of the database and the stored files into `dir`; returns its path and
 * manifest. The archive appears under its final name only once it is complete.
 */
export async function createBackup(
  deps: { database: Database; files: FileStore },
  options: { dir: string; now?: Date; recordsKey?: Buffer },
): Promise<{ file: string; manifest: Manifest }> {
  const at = options.now ?? new Date();
  const snapshot = await snapshotOf(deps.database);
  await securePrivateFolder(options.dir);
  const file = resolve(options.dir, backupFileName(at));
  const partial = `${file}.${randomUUID()}.partial`;
  const members: Manifest['members'] = {};
  const tar = new PassThrough();
  // The archive holds the whole database, password hashes and second-factor secrets included: the owner's alone.
  const written = pipeline(tar, createGzip(), createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
  try {
    const sqlBytes = Buffer.from(snapshot.sql, 'utf8');
    members[DATABASE_MEMBER] = { size: sqlBytes.length, sha256: sha256(sqlBytes) };
    await writeTarMember(tar, DATABASE_MEMBER, sqlBytes);
    for (const entry of snapshot.files) {
      if (entry.bucket !== deps.files.bucket)
        throw new AppError(
          'CONFLICT',
          `A stored file is in the bucket "${entry.bucket}", which this server is not set up to use; it cannot be backed up.`,
        );
      const bytes = await deps.files.get(entry.path);
      const name = `files/${entry.path}`;
      members[name] = { size: bytes.length, sha256: sha256(bytes) };
      await writeTarMember(tar, name, bytes);
    }
    // Without it a restore cannot read the health records: with it the archive alone opens them, so only on request.
    if (options.recordsKey) {
      const keyBytes = Buffer.from(`${options.recordsKey.toString('base64')}\n`);
      members[RECORDS_KEY_MEMBER] = { size: keyBytes.length, sha256: sha256(keyBytes) };
      await writeTarMember(tar, RECORDS_KEY_MEMBER, keyBytes);
    }
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      formatVersion: 1,
      appVersion,
      createdAt: at.toISOString(),
      database: { kind: deps.database.kind, dumpedWith: snapshot.dumpedWith },
      schema: { migrations: snapshot.migrations, lastMigration: snapshot.migrations.at(-1) ?? null },
      tables: rowCountsOf(snapshot.sql),
      files: snapshot.files,
      members,
    };
    // Last, because it carries the checksums of everything before it.
    await writeTarMember(tar, MANIFEST, Buffer.from(JSON.stringify(manifest, null, 2)));
    await endTar(tar);
    tar.end();
    await written;
    await rename(partial, file);
    return { file, manifest };
  } catch (error) {
    tar.destroy();
    await written.catch(() => {});
    await rm(partial, { force: true });
    throw error;
  }
}

/**
 * The backup folder is readable by the owner of the process alone (0700), made so when it is created and checked at
 * every start and backup; a folder whose mode cannot be set is refused.
 */
export async function securePrivateFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  try {
    await chmod(dir, 0o700);
  } catch (error) {
    throw new AppError(
      'CONFLICT',
      `The backup folder ${dir} cannot be made private (mode 0700): ${(error as Error).message}. Choose another BACKUP_DIR.`,
    );
  }
}

/** Keeps the newest `keep` archives of `dir` made by the nightly job (backup-*.tar.gz); returns those removed. */
export async function pruneBackups(dir: string, { keep }: { keep: number }): Promise<string[]> {
  const names = (await readdir(dir)).filter((name) => /^backup-\d{8}T\d{6}Z\.tar\.gz$/.test(name)).sort();
  const old = names.slice(0, Math.max(0, names.length - keep));
  for (const name of old) await rm(join(dir, name), { force: true });
  return old;
}

/** Where archives go unless told: BACKUP_DIR, or DATA_DIR/backups. */
export function backupDirOf(env: Pick<Env, 'BACKUP_DIR' | 'DATA_DIR'>): string {
  return resolve(env.BACKUP_DIR ?? join(env.DATA_DIR, 'backups'));
}

export const LAST_BACKUP_KEY = 'last-backup';

export type BackupRecord = {
  lastSuccessAt: string | null;
  lastFile: string | null;
  lastFailureAt: string | null;
  lastError: string | null;
};

export async function lastBackup(db: DbOrTx): Promise<BackupRecord | null> {
  const [row] = await db.select().from(appSetting).where(eq(appSetting.key, LAST_BACKUP_KEY));
  return (row?.value as BackupRecord | undefined) ?? null;
}

/** Kept in app_setting, for the dashboard's "Last backup" line; a failure keeps the last success. */
export async function recordBackup(
  db: DbOrTx,
  outcome: { at: Date; ok: true; file: string } | { at: Date; ok: false; error: string },
): Promise<void> {
  const previous = (await lastBackup(db)) ?? {
    lastSuccessAt: null,
    lastFile: null,
    lastFailureAt: null,
    lastError: null,
  };
  const value: BackupRecord = outcome.ok
    ? { ...previous, lastSuccessAt: outcome.at.toISOString(), lastFile: outcome.file }
    : { ...previous, lastFailureAt: outcome.at.toISOString(), lastError: outcome.error };
  await db
    .insert(appSetting)
    .values({ key: LAST_BACKUP_KEY, value })
    .onConflictDoUpdate({ target: appSetting.key, set: { value, updatedAt: new Date() } });
}
