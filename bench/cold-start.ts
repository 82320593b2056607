// Issue 27: the cold start of the built server, from spawning Node to the first 200 from /api/health, on PostgreSQL
// (a scratch database, migrations already run by a first start) and on PGlite (a data directory a first start made),
// as `npm start` runs it (the server's bundle, decision 088), and beside it the sources as `node
// apps/server/src/main.ts` runs them, in the same run for the ratio. Three starts of each, alternated; prints
// min–median and the load beside them, and the idle RSS on PGlite 5 s after the first 200, and 5 s after a first
// visitor's `/` (home rendered on the server, decision 100, loads the web build's server bundle). Bars (the issue's
// goals, on the bundle): PostgreSQL ≤ 0.8 s, PGlite ≤ 1.5 s, idle RSS ≤ 250 MB (the larger of the two).
// Run: node bench/cold-start.ts (Node 24, PostgreSQL on 127.0.0.1:5432). COLD_START_RUNS=3.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../apps/server/src/test/free-port.ts';
import { finish, load, median, miss, npmStart, scratchPostgres } from './support.ts';

const RUNS = Number(process.env.COLD_START_RUNS ?? 3);
const root = resolve(import.meta.dirname, '..');
/** `npm start` (its bundle built by the first start below), and the sources as they were started before it. */
const served = npmStart();
const entries = {
  bundle: served.args,
  sources: served.args.map((arg) => (arg === 'scripts/start.mjs' ? 'apps/server/src/main.ts' : arg)),
};
type Entry = keyof typeof entries;

const rssMb = (pid: number) =>
  Number(
    readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((line) => line.startsWith('VmRSS:'))
      ?.match(/\d+/)?.[0] ?? 0,
  ) / 1024;

/**
 * Starts the server, returns the seconds to the first 200 (and when asked the RSS 5 s later, and 5 s after a `/`
 * then), then stops it.
 */
async function coldStart(entry: Entry, env: Record<string, string>, measureRss = false) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, entries[entry], {
    cwd: root,
    env: {
      ...process.env,
      ...served.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-4000);
  });
  try {
    const deadline = Date.now() + 180_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${errors}`);
      const answer = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
      if (answer?.status === 200) break;
      await new Promise((done) => setTimeout(done, 10));
    }
    const seconds = (performance.now() - started) / 1000;
    let rss = 0;
    let rssAfterHome = 0;
    if (measureRss) {
      await new Promise((done) => setTimeout(done, 5000));
      rss = rssMb(child.pid ?? 0);
      const home = await fetch(`http://127.0.0.1:${port}/`, { headers: { 'accept-encoding': 'br' } });
      const page = await home.text();
      if (!page.includes('data-rendered="home"')) throw new Error(`/ was not rendered on the server (${home.status})`);
      await new Promise((done) => setTimeout(done, 5000));
      rssAfterHome = rssMb(child.pid ?? 0);
    }
    return { seconds, rss, rssAfterHome };
  } finally {
    child.kill('SIGTERM');
    await new Promise((done) => child.once('exit', done));
  }
}

const secret = { AUTH_SECRET: 'bench-only-secret-0123456789-abcdefghijklmnop' };
const scratch = await scratchPostgres();
const pgDir = mkdtempSync(join(tmpdir(), 'cold-start-pg-'));
const liteDir = mkdtempSync(join(tmpdir(), 'cold-start-lite-'));
const postgres = {
  ...secret,
  DATABASE_URL: scratch.url,
  DATA_DIR: pgDir,
  RECORDS_KEY: Buffer.alloc(32, 7).toString('base64'),
};
const pglite = { ...secret, DATA_DIR: liteDir };
try {
  // First starts run the migrations, make the data and build the bundle; they are not what is measured.
  await coldStart('bundle', postgres);
  await coldStart('bundle', pglite);
  console.log(`${RUNS} cold starts each; ${load()} before timing`);
  const figures = [
    { name: 'PostgreSQL', env: postgres, bar: 0.8, bundle: [] as number[], sources: [] as number[] },
    { name: 'PGlite', env: pglite, bar: 1.5, bundle: [] as number[], sources: [] as number[] },
  ];
  const rss: number[] = [];
  const rssAfterHome: number[] = [];
  for (let run = 0; run < RUNS; run++)
    for (const figure of figures) {
      figure.sources.push((await coldStart('sources', figure.env)).seconds);
      const started = await coldStart('bundle', figure.env, figure.name === 'PGlite');
      figure.bundle.push(started.seconds);
      if (figure.name === 'PGlite') {
        rss.push(started.rss);
        rssAfterHome.push(started.rssAfterHome);
      }
    }
  const range = (values: number[]) => `${Math.min(...values).toFixed(2)}–${median(values).toFixed(2)} s`;
  for (const { name, bar, bundle, sources } of figures) {
    const mid = median(bundle);
    if (mid > bar) miss(`cold start on ${name}: ${mid.toFixed(2)} s (bar ${bar} s)`);
    console.log(
      `cold start to first 200, ${name.padEnd(10)} npm start ${range(bundle)} (min–median), bar ≤ ${bar} s ` +
        `${mid <= bar ? 'OK' : 'TOO SLOW'}; the sources ${range(sources)}, ratio ${(mid / median(sources)).toFixed(2)}  [${load()}]`,
    );
  }
  const idle = Math.max(median(rss), median(rssAfterHome));
  if (idle > 250) miss(`idle RSS on PGlite: ${idle.toFixed(0)} MB (bar 250 MB)`);
  const mb = (values: number[]) => `${Math.min(...values).toFixed(0)}–${median(values).toFixed(0)} MB`;
  console.log(
    `idle RSS on PGlite (npm start), 5 s after the first 200: ${mb(rss)}; 5 s after a first visit to /: ` +
      `${mb(rssAfterHome)}  bar ≤ 250 MB  ${idle <= 250 ? 'OK' : 'OVER'}`,
  );
} finally {
  rmSync(pgDir, { recursive: true, force: true });
  rmSync(liteDir, { recursive: true, force: true });
  await scratch.drop();
}
finish();
