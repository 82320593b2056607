// Shared by the bench scripts: a fresh database, medians, verdicts against a bar, the machine's load, and the exit
// code. PostgreSQL is the default and the only database a bench falls back from to nothing: when it does not answer
// the bench fails. PGlite only when asked for (BENCH_DATABASE=pglite), and every bench says which one it used.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';

export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * The server as `npm start` runs it, read from package.json so that the benches measure what ships: the environment
 * the script sets and Node's arguments (its flags, then scripts/start.mjs: the bundle, decision 088).
 */
export function npmStart(): { env: Record<string, string>; args: string[] } {
  const manifest = JSON.parse(readFileSync(join(import.meta.dirname, '../package.json'), 'utf8'));
  const words = String(manifest.scripts.start).split(/\s+/);
  const env: Record<string, string> = {};
  while (words[0]?.includes('=')) {
    const [name = '', value = ''] = (words.shift() ?? '').split('=');
    env[name] = value;
  }
  if (words.shift() !== 'node') throw new Error(`npm start does not run node: ${manifest.scripts.start}`);
  return { env, args: words };
}

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

/** The URL without its password, to print. */
const shown = (url: string) => {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
};

/**
 * A scratch database with the migrations run. PostgreSQL (BENCH_DATABASE_URL or 127.0.0.1:5432) unless
 * BENCH_DATABASE=pglite; when PostgreSQL was asked for and does not answer, the bench stops with an error instead of
 * measuring something else.
 */
export async function benchDatabase(): Promise<Database & { label: string }> {
  const wanted = (process.env.BENCH_DATABASE ?? 'postgres').toLowerCase();
  if (wanted === 'pglite') {
    console.log('database: PGlite in memory (BENCH_DATABASE=pglite)');
    return { ...(await openDatabase({ dataDir: 'memory://' })), label: 'PGlite' };
  }
  if (wanted !== 'postgres') throw new Error(`BENCH_DATABASE must be postgres or pglite, not ${wanted}`);
  let scratch: Awaited<ReturnType<typeof scratchPostgres>>;
  try {
    scratch = await scratchPostgres();
  } catch (error) {
    console.error(
      `PostgreSQL at ${shown(ADMIN_URL)} does not answer (${(error as Error).message}). ` +
        'This bench measures PostgreSQL and will not fall back to PGlite; run it with BENCH_DATABASE=pglite to measure PGlite.',
    );
    process.exit(2);
  }
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: 'unused' });
  const version = (await database.db.execute(sql`show server_version`)) as unknown as {
    rows: { server_version: string }[];
  };
  const label = `PostgreSQL ${version.rows[0]?.server_version ?? ''}`.trim();
  console.log(`database: ${label} at ${shown(scratch.url)}`);
  return {
    ...database,
    label,
    async close() {
      await database.close();
      // Kept on request, to look at the plans (EXPLAIN ANALYZE) over the same data afterwards.
      if (process.env.BENCH_KEEP_DATABASE)
        console.log(`kept ${shown(scratch.url)} (BENCH_KEEP_DATABASE); drop it when done`);
      else await scratch.drop();
    },
  };
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

/** The machine is shared: its load says how far to trust a timing, so every bench prints it beside its figures. */
export const load = () =>
  `load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')} on ${cpus().length} cores`;

const misses: string[] = [];

/** Records a figure that misses its bar; `finish()` turns any into a non-zero exit. */
export function miss(what: string) {
  misses.push(what);
}

/**
 * A timing against its bar (a figure must be under it) and, when given, the goal it aims for. A figure at or over
 * the bar is recorded as a miss.
 */
export function verdict(value: number, bar: number, goal?: number, label = '') {
  const ok = value < bar;
  if (!ok) miss(`${label || 'a figure'}: ${value.toFixed(2)} ms, bar ${bar} ms`);
  const goalNote = goal === undefined ? '' : value <= goal ? ', goal met' : `, over the ${goal} ms goal`;
  return `${value.toFixed(2)} ms (bar < ${bar} ms, ratio ${(value / bar).toFixed(2)}${goalNote}) ${ok ? 'OK' : 'TOO SLOW'} [load ${loadavg()[0]?.toFixed(2)}]`;
}

/** Prints the load and every miss; exits non-zero when a figure missed its bar. */
export function finish() {
  console.log(load());
  if (misses.length) {
    console.log(`${misses.length} figure(s) missed their bar:`);
    for (const what of misses) console.log(`  ${what}`);
    process.exitCode = 1;
  }
}
