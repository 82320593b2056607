// Issue 10: the server's own overhead. The production server (its own process, on PostgreSQL, default settings)
// against a bare Fastify hello-world in another process, both loaded in the same run by the same client with 50
// keep-alive connections. Prints requests per second, p99, the share refused, and each figure's ratio to bare
// Fastify; then the server's resident memory, idle after start and after the load. Exits non-zero when a ratio,
// a p99 or the memory misses its bar.
// Run: node bench/throughput.ts (Node 24, PostgreSQL on 127.0.0.1:5432). THROUGHPUT_SECONDS=5 by default.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../apps/server/src/test/free-port.ts';
import { finish, load, miss, scratchPostgres } from './support.ts';

const SECONDS = Number(process.env.THROUGHPUT_SECONDS ?? 5);
const CONNECTIONS = 50;
const root = resolve(import.meta.dirname, '..');

async function waitFor(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`no answer from ${url}:\n${output()}`);
}

function start(command: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, command, { cwd: root, env: { ...process.env, ...env }, stdio: 'pipe' });
  let output = '';
  let lines = 0;
  child.stdout?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
    lines += chunk.toString().split('\n').length - 1;
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  });
  return { child, output: () => output, lines: () => lines };
}

const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'));
  return Number(line?.match(/\d+/)?.[0] ?? 0) / 1024;
};

type Result = { perSecond: number; p99: number; refused: number; failed: number };

/** 50 connections, each sending its next request as soon as the last answered, for SECONDS. */
async function hammer(port: number, path: string, seconds = SECONDS): Promise<Result> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  let refused = 0;
  let failed = 0;
  const end = Date.now() + seconds * 1000;
  const one = () =>
    new Promise<void>((done) => {
      const started = performance.now();
      const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
        res.resume();
        res.on('end', () => {
          latencies.push(performance.now() - started);
          if (res.statusCode === 429) refused++;
          else if ((res.statusCode ?? 500) >= 400) failed++;
          done();
        });
      });
      req.on('error', () => {
        failed++;
        done();
      });
      req.end();
    });
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < end) await one();
    }),
  );
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / seconds,
    p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
    refused: refused / Math.max(1, latencies.length),
    failed,
  };
}

const scratch = await scratchPostgres();
const dataDir = mkdtempSync(join(tmpdir(), 'throughput-'));
const [appPort, barePort] = [await freePort(), await freePort()];
// As `npm start` runs it: a young generation of 8 MB semi-spaces (see README).
const app = start(['--max-semi-space-size=8', 'apps/server/src/main.ts'], {
  NODE_ENV: 'production',
  PORT: String(appPort),
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://localhost:${appPort}`,
  DATABASE_URL: scratch.url,
  DATA_DIR: dataDir,
  AUTH_SECRET: 'bench-only-secret-0123456789-abcdefghijklmnop',
  // Fifty connections from one address are a load test, not a visitor: served requests are what is measured (the
  // limit still counts every request: its statement is paid in full). THROUGHPUT_RATE_LIMIT=600 measures refusals.
  API_RATE_LIMIT_MAX: process.env.THROUGHPUT_RATE_LIMIT ?? '1000000000',
});
const bare = start(
  [
    '--input-type=module',
    '-e',
    `import Fastify from 'fastify';
     const app = Fastify();
     app.get('/', async () => ({ hello: 'world' }));
     await app.listen({ port: ${barePort}, host: '127.0.0.1' });`,
  ],
  {},
);
try {
  await waitFor(`http://127.0.0.1:${appPort}/api/health`, app.child, app.output);
  await waitFor(`http://127.0.0.1:${barePort}/`, bare.child, bare.output);
  const pid = app.child.pid ?? 0;
  const idleRss = rssMb(pid);
  const services = (await (await fetch(`http://127.0.0.1:${appPort}/api/services`)).json()) as {
    services?: { id: string; durations: { minutes: number }[] }[];
  };
  const list = Array.isArray(services) ? services : (services.services ?? []);
  const first = list[0];
  if (!first) throw new Error('no service to ask slots of');
  const today = new Date().toISOString().slice(0, 10);
  const week = new Date(Date.now() + 6 * 86_400_000).toISOString().slice(0, 10);
  const slotsPath = `/api/slots?serviceId=${first.id}&duration=${first.durations[0]?.minutes ?? 60}&from=${today}&to=${week}`;

  await hammer(barePort, '/', 1); // warm-up of both
  await hammer(appPort, '/api/health', 1);
  const logLinesBefore = app.lines();
  const baseline = await hammer(barePort, '/');
  console.log(`${load()} before timing; ${CONNECTIONS} connections, ${SECONDS} s each`);
  console.log(
    `bare Fastify hello-world               ${baseline.perSecond.toFixed(0).padStart(7)} req/s  p99 ${baseline.p99.toFixed(1)} ms`,
  );
  const targets = [
    { name: '/api/health', path: '/api/health', bar: 0.5 },
    { name: '/api/services (public list)', path: '/api/services', bar: 0.3 },
    { name: '/api/slots (a week)', path: slotsPath, bar: 0.15 },
  ];
  let requests = 0;
  for (const target of targets) {
    const result = await hammer(appPort, target.path);
    requests += result.perSecond * SECONDS;
    const ratio = result.perSecond / baseline.perSecond;
    const ok = ratio >= target.bar && result.p99 < 50 && result.failed === 0;
    if (!ok)
      miss(`${target.name}: ${ratio.toFixed(3)} of bare Fastify (bar ${target.bar}), p99 ${result.p99.toFixed(1)} ms`);
    console.log(
      `${target.name.padEnd(38)} ${result.perSecond.toFixed(0).padStart(7)} req/s  p99 ${result.p99.toFixed(1).padStart(5)} ms  ` +
        `ratio ${ratio.toFixed(3)} (bar ≥ ${target.bar})  refused ${(result.refused * 100).toFixed(1)}%  errors ${result.failed}  ` +
        `${ok ? 'OK' : 'TOO SLOW'}`,
    );
  }
  const logLines = app.lines() - logLinesBefore;
  console.log(
    `log lines written under load: ${logLines} for ${requests.toFixed(0)} requests (${(logLines / requests).toFixed(2)} per request)`,
  );
  const loadedRss = rssMb(pid);
  console.log(`server RSS: idle ${idleRss.toFixed(0)} MB after start, ${loadedRss.toFixed(0)} MB after the load`);
  if (idleRss >= 200) miss(`idle RSS ${idleRss.toFixed(0)} MB (bar < 200 MB)`);
} finally {
  app.child.kill('SIGTERM');
  bare.child.kill('SIGTERM');
  await new Promise((done) => setTimeout(done, 1000));
  rmSync(dataDir, { recursive: true, force: true });
  await scratch.drop();
}
finish();
