// Shared by the bench scripts: a fresh database (PostgreSQL when it answers, else PGlite), medians.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';

export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Creates a scratch PostgreSQL database and returns its URL and a drop function. */
export async function scratchPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: ADMIN_URL });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export async function benchDatabase(): Promise<Database & { label: string }> {
  try {
    const scratch = await scratchPostgres();
    const database = await openDatabase({ databaseUrl: scratch.url, dataDir: 'unused' });
    return {
      ...database,
      label: 'PostgreSQL',
      async close() {
        await database.close();
        await scratch.drop();
      },
    };
  } catch (error) {
    console.warn(`PostgreSQL unavailable (${(error as Error).message}); using PGlite in memory`);
    return { ...(await openDatabase({ dataDir: 'memory://' })), label: 'PGlite' };
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export async function timeIt(runs: number, fn: () => unknown): Promise<number[]> {
  for (let i = 0; i < Math.min(5, runs); i++) await fn(); // warm up
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return times;
}

export const verdict = (value: number, limit: number) =>
  `${value.toFixed(2)} ms (limit ${limit} ms, ratio ${(value / limit).toFixed(2)}) ${value <= limit ? 'OK' : 'TOO SLOW'}`;
