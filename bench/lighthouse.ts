/**
 * Lighthouse (mobile preset) on the production build: builds the web app into a temporary directory, starts the
 * real server on a free port with a temporary DATA_DIR, and measures performance, accessibility, best practices and
 * SEO for / and /book. Targets: performance >= 95, accessibility 100, best practices >= 95, SEO >= 95.
 *
 * The machine is shared and its load varies from run to run, so each route is measured several times (3 unless
 * `--runs N`), the runs interleaved between routes; the verdict is on the median, and the best run is shown too.
 * One run per route before them is not counted: a freshly started Chromium pays for its own caches (fonts, its own
 * code) in the first page it loads.
 *
 * Run: node bench/lighthouse.ts [--runs N] [--no-build]
 *      (Debian's Chromium at /usr/bin/chromium; nothing is downloaded. --no-build serves apps/web/dist as it is.)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { load, median } from './support.ts';
import { buildWebApp, repoRoot } from './web-build.ts';

const targets = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 95 } as const;
const routes = ['/', '/book'];
const metricIds = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
] as const;
const metricLabels: Record<(typeof metricIds)[number], string> = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'SI',
};

const runsArg = process.argv.indexOf('--runs');
const runs = runsArg >= 0 ? Math.max(1, Number(process.argv[runsArg + 1]) || 3) : 3;
const useExistingBuild = process.argv.includes('--no-build');

type Category = keyof typeof targets;
type Run = { scores: Record<Category, number>; metrics: Record<(typeof metricIds)[number], number>; notes: string[] };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(url: string, server: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 240; attempt++) {
    if (server.exitCode !== null) throw new Error(`The server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('The server did not become healthy');
}

/** One Lighthouse run; a run the browser spoiled (a page-load error under heavy load) is tried again, once. */
async function measure(url: string, chromePort: number) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port: chromePort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: Object.keys(targets),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const error = result.lhr.runtimeError;
    if (!error) return result;
    if (attempt === 2) throw new Error(`Lighthouse could not measure ${url}: ${error.code} ${error.message}`);
    console.log(`  (${url}: ${error.code}, measuring again)`);
  }
}

function formatMetric(id: (typeof metricIds)[number], value: number): string {
  if (id === 'cumulative-layout-shift') return value.toFixed(3);
  if (id === 'total-blocking-time') return `${Math.round(value)} ms`;
  return `${(value / 1000).toFixed(1)} s`;
}

const webDist = useExistingBuild ? `${repoRoot}apps/web/dist/` : buildWebApp();
const dataDir = mkdtempSync(join(tmpdir(), 'lighthouse-data-'));
const port = await freePort();
const baseUrl = `http://localhost:${port}`;
const server = spawn(process.execPath, ['apps/server/src/main.ts'], {
  cwd: repoRoot,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    AUTH_SECRET: `lighthouse-${Date.now()}-0123456789abcdefghijklmnop`,
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'pipe'],
});
// The server's errors matter only if it never becomes healthy; its shutdown chatter is noise.
let serverErrors = '';
server.stderr?.on('data', (chunk: Buffer) => {
  serverErrors += chunk.toString();
});

let chrome: chromeLauncher.LaunchedChrome | undefined;
let failed = false;
try {
  await waitForHealth(baseUrl, server).catch((error: unknown) => {
    console.error(serverErrors.slice(0, 4000));
    throw error;
  });
  chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  const results = new Map<string, Run[]>(routes.map((route) => [route, []]));
  // Warm the server (its first answers compile queries) so run 1 is not an outlier.
  for (const path of [...routes, '/api/config', '/api/services']) await fetch(`${baseUrl}${path}`);
  for (const route of routes) await measure(`${baseUrl}${route}`, chrome.port);
  for (let run = 1; run <= runs; run++) {
    for (const route of routes) {
      // Lighthouse resets storage (caches, service worker) before each run: every run is a cold load.
      const result = await measure(`${baseUrl}${route}`, chrome.port);
      const { categories, audits } = result.lhr;
      const scores = Object.fromEntries(
        Object.keys(targets).map((name) => [name, Math.round((categories[name]?.score ?? 0) * 100)]),
      ) as Run['scores'];
      const metrics = Object.fromEntries(
        metricIds.map((id) => [id, audits[id]?.numericValue ?? Number.NaN]),
      ) as Run['metrics'];
      const notes: string[] = [];
      for (const category of Object.keys(targets)) {
        for (const ref of categories[category]?.auditRefs ?? []) {
          const audit = audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 0.9 && category !== 'performance') {
            notes.push(`${category}: ${audit.title} (${audit.id})`);
          }
        }
      }
      results.get(route)?.push({ scores, metrics, notes });
      console.log(
        `run ${run}/${runs} ${route.padEnd(6)} ${Object.values(scores).join(' / ')}  ${metricIds
          .map((id) => `${metricLabels[id]} ${formatMetric(id, metrics[id])}`)
          .join(' · ')}`,
      );
    }
  }

  console.log(`\nLighthouse (mobile preset) against ${baseUrl}, ${runs} run(s) per route: median (best)\n`);
  console.log(
    `route   ${Object.keys(targets)
      .map((name) => name.padStart(18))
      .join('')}`,
  );
  for (const route of routes) {
    const routeRuns = results.get(route) ?? [];
    const cells = Object.entries(targets).map(([name, target]) => {
      const values = routeRuns.map((run) => run.scores[name as Category]);
      const mid = median(values);
      if (mid < target) failed = true;
      return `${mid >= target ? ' ' : '!'}${String(mid).padStart(3)} (${Math.max(...values)}) >=${target}`.padStart(18);
    });
    console.log(`${route.padEnd(8)}${cells.join('')}`);
    const lowerIsBetter = metricIds.map((id) => {
      const values = routeRuns.map((run) => run.metrics[id]);
      return `${metricLabels[id]} ${formatMetric(id, median(values))} (${formatMetric(id, Math.min(...values))})`;
    });
    console.log(`        ${lowerIsBetter.join(' · ')}`);
    for (const note of new Set(routeRuns.flatMap((run) => run.notes))) console.log(`        ${note}`);
  }
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
  if (!useExistingBuild) rmSync(webDist, { recursive: true, force: true });
}
console.log(load());
process.exitCode = failed ? 1 : 0;
