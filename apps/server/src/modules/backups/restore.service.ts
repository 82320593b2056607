import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { AppError, isSafeStoragePath } from '@app/shared';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { createPglite, migrationsFolder } from '../../db/client.ts';
import { lockDataDir } from '../../db/data-dir-lock.ts';
import type { Env } from '../../env.ts';
import { recordsKeyBytes } from '../records/records-crypto.ts';
import { RECORDS_KEY_FILE } from '../records/records-key.ts';
import { createFileStore } from '../storage/storage.service.ts';
import {
  BACKUP_FORMAT,
  DATABASE_MEMBER,
  LAST_BACKUP_KEY,
  MANIFEST,
  type Manifest,
  RECORDS_KEY_MEMBER,
} from './backup.service.ts';
import { damagedEncrypted, decryptingStream, isEncryptedArchive } from './backup-crypto.ts';
import { portableSql } from './dump-sql.ts';
import { readTar, TarFormatError } from './tar.ts';

const damaged = (why: string) =>
  new AppError('VALIDATION', `The backup archive is damaged (${why}); nothing was restored.`);

type Verified = { manifest: Manifest; sql: string; staged: string; recordsKey: Buffer | undefined };

/**
 * Reads the whole archive once, checking every member against the manifest, with the files staged in
 * `stageDir`. Nothing outside the staging folder is touched, so a damaged archive changes nothing.
 */
async function readArchive(archive: string, stageDir: string, key: () => Promise<string>): Promise<Verified> {
  if (!existsSync(archive)) throw new AppError('NOT_FOUND', `There is no file at ${archive}.`);
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifestBytes: Buffer | undefined;
  let sql: string | undefined;
  let recordsKey: Buffer | undefined;
  const source = (await isEncryptedArchive(archive))
    ? await decryptingStream(archive, await key())
    : createReadStream(archive);
  const gunzip = createGunzip();
  // Waited for after the last member: a changed byte of an encrypted archive fails its tag only at the end.
  const read = pipeline(source, gunzip);
  read.catch(() => {});
  try {
    for await (const member of readTar(gunzip)) {
      if (member.name === MANIFEST) {
        manifestBytes = member.data;
        continue;
      }
      if (seen.has(member.name)) throw damaged(`${member.name} appears twice`);
      seen.set(member.name, {
        size: member.data.length,
        sha256: createHash('sha256').update(member.data).digest('hex'),
      });
      if (member.name === DATABASE_MEMBER) sql = member.data.toString('utf8');
      else if (member.name === RECORDS_KEY_MEMBER) recordsKey = member.data;
      else if (member.name.startsWith('files/') && isSafeStoragePath(member.name.slice('files/'.length))) {
        const target = join(stageDir, member.name.slice('files/'.length));
        await mkdir(dirname(target), { recursive: true });
        await writeFile(target, member.data);
      } else throw damaged(`unexpected member ${member.name}`);
    }
    await read;
  } catch (error) {
    source.destroy();
    if (error instanceof AppError) throw error;
    if (error instanceof TarFormatError) throw damaged(error.message);
    if (/unable to authenticate data/i.test(String(error))) throw damagedEncrypted();
    throw damaged(gzipProblem(error));
  }
  if (!manifestBytes) throw damaged('it has no manifest; it may be cut short');
  let manifest: Manifest;
  try {
    manifest = JSON.parse(manifestBytes.toString('utf8'));
  } catch {
    throw damaged('its manifest is not readable');
  }
  if (manifest.format !== BACKUP_FORMAT || manifest.formatVersion !== 1)
    throw new AppError('VALIDATION', 'This file is not a backup made by this application; nothing was restored.');
  for (const [name, expected] of Object.entries(manifest.members)) {
    const actual = seen.get(name);
    if (!actual) throw damaged(`${name} is missing`);
    if (actual.size !== expected.size || actual.sha256 !== expected.sha256)
      throw damaged(`the checksum of ${name} does not match`);
  }
  for (const name of seen.keys()) if (!manifest.members[name]) throw damaged(`${name} is not in the manifest`);
  if (sql === undefined) throw damaged(`${DATABASE_MEMBER} is missing`);
  return { manifest, sql, staged: stageDir, recordsKey };
}

/** What went wrong reading the compressed data, in words: cut short, changed, or not gzip at all. */
function gzipProblem(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  const text = String(error);
  if (/unexpected end of file/i.test(text) || code === 'Z_BUF_ERROR') return 'it is cut short';
  if (/incorrect header check/i.test(text)) return 'it is not a gzip file';
  // zlib's "invalid block type", "invalid distance too far back", "incorrect data check" …: the bytes were changed.
  if (code.startsWith('Z_')) return 'its compressed data does not match its checksum';
  throw error;
}

/** Refuses a backup whose schema has a migration this code does not know (made by a newer version). */
function checkSchema(manifest: Manifest) {
  const known = new Set(readMigrationFiles({ migrationsFolder }).map((migration) => migration.folderMillis));
  const unknown = manifest.schema.migrations.find((migration) => !known.has(migration.createdAt));
  if (unknown)
    throw new AppError(
      'CONFLICT',
      `This backup was made by a newer version of the application (version ${manifest.appVersion}, schema migration ${unknown.createdAt} is unknown here): update the application first; nothing was restored.`,
    );
}

async function listFiles(folder: string, prefix = ''): Promise<string[]> {
  if (!existsSync(folder)) return [];
  const out: string[] = [];
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await listFiles(join(folder, entry.name), path)));
    else out.push(path);
  }
  return out;
}

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

/** Loads the dump, then checks every table holds the rows the manifest counted; throws (to roll back) if not. */
async function load(query: Query, manifest: Manifest, sql: string) {
  await query(portableSql(sql));
  for (const [table, expected] of Object.entries(manifest.tables)) {
    const [row] = (await query(`select count(*)::int as n from only ${table}`)).rows;
    if (row?.n !== expected)
      throw new AppError('CONFLICT', `The restored table ${table} has ${row?.n} rows instead of ${expected}.`);
  }
  // The backed-up install's last backup (its time and path) is not this install's: the dashboard starts with none.
  await query(`delete from public.app_setting where key = '${LAST_BACKUP_KEY}'`);
}

export type RestoreResult = {
  manifest: Manifest;
  target: string;
  files: number;
  /** What became of the practice records' key: the sentence the restore prints about it (decision 068). */
  recordsKey: string;
};

/**
 * Brings an empty install (a fresh DATA_DIR, or an empty PostgreSQL database at DATABASE_URL) back to the
 * state of the archive: the database from its SQL dump, the files into the configured file store.
 */
export async function restoreBackup(
  env: Env,
  { archive, askKey }: { archive: string; askKey?: () => Promise<string | undefined> },
): Promise<RestoreResult> {
  const dataDir = resolve(env.DATA_DIR);
  // A refused restore leaves no DATA_DIR of its own making behind.
  const dataDirIsNew = !existsSync(dataDir);
  let restored = false;
  const key = async () => {
    const given = env.BACKUP_KEY ?? (await askKey?.());
    if (!given)
      throw new AppError(
        'VALIDATION',
        'This backup is encrypted: set BACKUP_KEY to the key it was made with; nothing was restored.',
      );
    return given;
  };
  const files = createFileStore(env, { logger: { error: () => {} } });
  const unlock = env.DATABASE_URL ? () => {} : lockDataDir(dataDir);
  const stageParent = files.kind === 'local' ? dataDir : tmpdir();
  await mkdir(stageParent, { recursive: true });
  const stage = await mkdtemp(join(stageParent, 'files.restoring-'));
  const pgliteFolder = join(dataDir, 'pglite');
  const pgliteStage = join(dataDir, `pglite.restoring-${randomUUID()}`);
  const localFiles = join(dataDir, 'files');
  try {
    // Cheap refusals first, before reading a large archive.
    if (!env.DATABASE_URL && (await listFiles(pgliteFolder)).length > 0)
      throw new AppError(
        'CONFLICT',
        `${dataDir} already holds a database: restore into a new, empty DATA_DIR (nothing was changed).`,
      );
    if (files.kind === 'local' && (await listFiles(localFiles)).length > 0)
      throw new AppError(
        'CONFLICT',
        `${localFiles} already holds files: restore into a new, empty DATA_DIR (nothing was changed).`,
      );
    if (env.DATABASE_URL) await refuseNonEmptyPostgres(env.DATABASE_URL);

    const { manifest, sql, recordsKey } = await readArchive(resolve(archive), stage, key);
    checkSchema(manifest);
    const foreign = manifest.files.find((file) => file.bucket !== files.bucket);
    if (foreign)
      throw new AppError(
        'CONFLICT',
        `The backup's files are in the store "${foreign.bucket}" but this install uses "${files.bucket}": set the same FILE_STORAGE (and bucket) as the backed-up install; nothing was restored.`,
      );

    if (env.DATABASE_URL) {
      await restorePostgres(env.DATABASE_URL, async (query) => {
        await load(query, manifest, sql);
        // Files go in before the database commits, so a failure leaves neither.
        await putFiles(files, manifest, stage);
      });
    } else {
      const client = await createPglite(pgliteStage);
      try {
        await load((text) => client.exec(text).then((results) => results.at(-1) ?? { rows: [] }), manifest, sql);
      } finally {
        await client.close();
      }
      if (files.kind !== 'local') await putFiles(files, manifest, stage);
      await rm(pgliteFolder, { recursive: true, force: true });
      await rename(pgliteStage, pgliteFolder);
    }
    if (files.kind === 'local') {
      await rm(localFiles, { recursive: true, force: true });
      await rename(stage, localFiles);
    }
    const keyNote = await placeRecordsKey(env, dataDir, recordsKey);
    restored = true;
    return {
      manifest,
      target: env.DATABASE_URL ? 'PostgreSQL' : dataDir,
      files: manifest.files.length,
      recordsKey: keyNote,
    };
  } finally {
    await rm(stage, { recursive: true, force: true });
    await rm(pgliteStage, { recursive: true, force: true });
    unlock();
    if (!restored && dataDirIsNew) await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * The key the health records were sealed with: from the archive into DATA_DIR/records.key (the embedded database
 * without RECORDS_KEY), or a sentence saying what the person restoring must do, since without it they stay sealed.
 */
async function placeRecordsKey(env: Env, dataDir: string, fromArchive: Buffer | undefined): Promise<string> {
  if (env.RECORDS_KEY)
    return fromArchive && fromArchive.toString('utf8').trim() !== recordsKeyBytes(env.RECORDS_KEY).toString('base64')
      ? 'The backup carries a records key other than RECORDS_KEY: set RECORDS_KEY to the backup’s key (records.key in the archive), or its health records and notes cannot be read.'
      : 'The health records and notes open with RECORDS_KEY as set.';
  if (!fromArchive)
    return 'The backup does not carry the records key: set RECORDS_KEY (or put records.key in DATA_DIR) to the backed-up install’s key, or its health records and notes cannot be read.';
  const file = join(dataDir, RECORDS_KEY_FILE);
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, fromArchive, { mode: 0o600, flag: 'w' });
  return env.DATABASE_URL
    ? `The records key came with the backup, written to ${file}: set RECORDS_KEY to its content before starting, or the health records and notes cannot be read.`
    : `The records key came with the backup: written to ${file}.`;
}

async function putFiles(files: ReturnType<typeof createFileStore>, manifest: Manifest, stage: string) {
  for (const file of manifest.files) {
    const bytes = await readFile(join(stage, file.path));
    await files.put(file.path, bytes, file.contentType);
  }
}

async function refuseNonEmptyPostgres(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const [row] = (
      await client.query<{ n: number }>(
        `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`,
      )
    ).rows;
    if (row && row.n > 0)
      throw new AppError(
        'CONFLICT',
        `The PostgreSQL database at DATABASE_URL is not empty (${row.n} tables, indexes or sequences): restore into a new, empty database (nothing was changed).`,
      );
  } finally {
    await client.end();
  }
}

async function restorePostgres(url: string, work: (query: Query) => Promise<void>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    await work(async (text) => {
      const result = await client.query(text);
      return Array.isArray(result) ? (result.at(-1) ?? { rows: [] }) : result;
    });
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}
