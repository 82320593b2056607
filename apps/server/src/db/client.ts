import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Db as BossDb } from 'pg-boss';
import { fromPglite } from 'pg-boss';
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
  /** The connection pg-boss uses: the same PGlite instance, or its own pool for PostgreSQL. */
  boss: { db: BossDb; backend?: 'pglite' } | { connectionString: string };
  close(): Promise<void>;
};

const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** PostgreSQL when a URL is given, otherwise PGlite in dataDir ('memory://' keeps it in memory). */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection dropped by the server (restart, failover) must not take the process down;
    // the pool opens a new one on the next query.
    pool.on('error', (error) => console.error('database connection lost:', error.message));
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    await migratePg(drizzlePg({ client: pool, schema }), { migrationsFolder });
    return {
      db,
      kind: 'postgres',
      boss: { connectionString: options.databaseUrl },
      close: () => pool.end(),
    };
  }
  const inMemory = options.dataDir === 'memory://';
  const folder = inMemory ? undefined : pgliteFolder(options.dataDir);
  const unlock = folder ? lockDataDir(resolve(options.dataDir)) : () => {};
  try {
    const client = await PGlite.create(folder ?? 'memory://', { extensions: { pg_trgm } });
    const pgliteDb = drizzlePglite({ client, schema });
    await migratePglite(pgliteDb, { migrationsFolder });
    return {
      db: pgliteDb as unknown as Db,
      kind: 'pglite',
      boss: { db: fromPglite(client), backend: 'pglite' },
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

function pgliteFolder(dataDir: string): string {
  const folder = join(resolve(dataDir), 'pglite');
  mkdirSync(folder, { recursive: true });
  return folder;
}
