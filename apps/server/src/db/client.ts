import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { setImmediate } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db as BossDb } from 'pg-boss';
import { lockDataDir } from './data-dir-lock.ts';
import * as schema from './schema.ts';

type Schema = typeof schema;
/** One type for both drivers: every query in the product is written against it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Where rate-limit counters are written: on PostgreSQL a small pool that commits without waiting for the disk. */
  counters: Db;
  /** The connection pg-boss uses: the same PGlite instance, or its own pool for PostgreSQL. */
  boss: { db: BossDb; backend?: 'pglite' } | { connectionString: string };
  /** What the backup dumps: the open PGlite instance (single-process), or the PostgreSQL URL for pg_dump. */
  source: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; url: string };
  close(): Promise<void>;
};

export const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/**
 * PostgreSQL when a URL is given, otherwise PGlite in dataDir ('memory://' keeps it in memory). `snapshot` starts an
 * in-memory PGlite from a dump of another one's data folder (`dumpDataDir`) instead of an empty cluster: the tests
 * migrate once and copy.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  snapshot?: Blob;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection dropped by the server (restart, failover) must not take the process down;
    // the pool opens a new one on the next query.
    pool.on('error', (error) => console.error('database connection lost:', error.message));
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    // A database that cannot be reached leaves nothing open behind it (a server that failed to start in-process).
    await migrateOnce(pool).catch(async (error: unknown) => {
      await pool.end();
      throw error;
    });
    // A counter lost in a crash does no harm, so its commit need not wait for the disk: one statement a request.
    const counterPool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 4,
      options: '-c synchronous_commit=off',
    });
    counterPool.on('error', (error) => console.error('database connection lost:', error.message));
    return {
      db,
      kind: 'postgres',
      counters: drizzlePg({ client: counterPool, schema }) as unknown as Db,
      boss: { connectionString: options.databaseUrl },
      source: { kind: 'postgres', url: options.databaseUrl },
      close: async () => {
        await Promise.all([pool.end(), counterPool.end()]);
      },
    };
  }
  const inMemory = options.dataDir === 'memory://';
  if (options.snapshot && !inMemory) throw new Error('A snapshot starts an in-memory database only.');
  const folder = inMemory ? undefined : pgliteFolder(options.dataDir);
  const unlock = folder ? lockDataDir(resolve(options.dataDir)) : () => {};
  try {
    // PGlite and its driver are loaded only here: a server on PostgreSQL never loads them.
    const [client, { drizzle: drizzlePglite }, { migrate: migratePglite }, { fromPglite }] = await Promise.all([
      createPglite(folder ?? 'memory://', options.snapshot),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
      import('pg-boss'),
    ]);
    const pgliteDb = drizzlePglite({ client, schema });
    await migratePglite(pgliteDb, { migrationsFolder });
    return {
      db: pgliteDb as unknown as Db,
      kind: 'pglite',
      counters: pgliteDb as unknown as Db,
      boss: { db: yieldingToRequests(fromPglite(client)), backend: 'pglite' },
      source: { kind: 'pglite', client },
      close: async () => {
        await client.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/**
 * PGlite as the product opens it, for the server and for a restore alike (decision 095):
 * - Its tables are in `template1`. PGlite before 0.4.3 connected there, so every data folder written so far holds
 *   them there; later versions connect to `postgres` and would find an empty database.
 * - Its buffer cache lives in the process's own memory, so it is 16 MB rather than PostgreSQL's 128 MB: a small
 *   practice's hot rows fit in it, and the operating system caches the rest of the folder.
 */
export async function createPglite(folder: string, snapshot?: Blob): Promise<PGlite> {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  return PGlite.create(folder, {
    database: 'template1',
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
    extensions: { pg_trgm },
    loadDataDir: snapshot,
  });
}

/**
 * pg-boss's connection to PGlite, letting waiting requests in before each of its statements. PGlite runs a statement
 * on this thread and settles it at once, so the jobs' start (dozens of statements, each awaited after the last) ran
 * as one block that a request arriving meanwhile waited for whole: 0.6 s of every start on the 2-core machine. Now a
 * request waits for one statement at most, at the start and at every poll of the queues after it.
 */
function yieldingToRequests(db: BossDb): BossDb {
  return {
    ...db,
    executeSql: async (text, values) => {
      await setImmediate();
      return db.executeSql(text, values);
    },
  };
}

/**
 * Runs the migrations while holding a session-level advisory lock, so instances started together on one
 * PostgreSQL take turns: the first migrates, the others find nothing left to do.
 */
async function migrateOnce(pool: pg.Pool) {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

/** Any fixed number: the advisory lock the migrations take. */
const MIGRATION_LOCK = 7_240_001;

function pgliteFolder(dataDir: string): string {
  const folder = join(resolve(dataDir), 'pglite');
  mkdirSync(folder, { recursive: true });
  return folder;
}
