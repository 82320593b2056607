/**
 * The JavaScript a visitor's browser loads on each public route before any click: builds the web app, serves it from
 * the production server, opens the route in Debian's Chromium (Playwright, an empty profile, service workers blocked
 * so that only the page's own loads count; bench/first-visit.ts measures the worker's precache) and counts every
 * script response until the network is quiet, each file gzipped at level 9. Issue 27: the earlier count read the
 * build's manifest and missed route-hint.js and the below-the-fold chunks `/` loads without a click.
 * Bars: `/` ≤ 110 KB (issue 27), `/book` ≤ 120 KB (issue 12). Also checks that no back-office chunk loads there.
 * Three loads of each route (the set must be the same each time); prints the load average beside the figures and
 * exits non-zero over a bar.
 *
 * Run: node bench/bundle-size.ts            (builds into a temporary directory)
 *      node bench/bundle-size.ts --no-build (measures apps/web/dist as it is)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { freePort } from '../apps/server/src/test/free-port.ts';
import { finish, load, miss } from './support.ts';
import { buildWebApp, repoRoot } from './web-build.ts';

const routes: Record<string, number> = { '/': 110, '/book': 120 };
const LOADS = 3;
const executablePath = process.env.E2E_CHROMIUM ?? '/usr/lib/chromium/chromium-headless-shell';

type ManifestChunk = { file: string };
/** Screens that only admin or lodger may open; none of their chunks may load on a public page. */
const backOfficeScreens = [
  'src/features/dashboard/routes/dashboard-page.tsx',
  'src/features/bookings/routes/manage-bookings-page.tsx',
  'src/features/expenses/routes/expenses-page.tsx',
  'src/features/expenses/routes/expense-page.tsx',
  'src/features/analytics/routes/analytics-page.tsx',
  'src/features/invoices/routes/invoices-page.tsx',
  'src/features/finances/routes/finances-page.tsx',
  'src/features/emails/routes/emails-page.tsx',
  'src/features/ledger/routes/ledger-page.tsx',
  'src/features/customers/routes/customers-page.tsx',
  'src/features/customers/routes/customer-page.tsx',
  'src/features/availability/routes/availability-page.tsx',
  'src/features/website/routes/website-page.tsx',
];

const ownBuild = !process.argv.includes('--no-build');
const dist = ownBuild ? buildWebApp() : `${repoRoot}apps/web/dist/`;
const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8')) as Record<string, ManifestChunk>;
const backOfficeFiles = new Set(
  backOfficeScreens.map((src) => {
    const chunk = manifest[src];
    if (!chunk) throw new Error(`No chunk for ${src}: is it still a lazy screen?`);
    return `/${chunk.file}`;
  }),
);

async function waitForHealth(url: string, server: ChildProcess) {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited (${server.exitCode})`);
    if ((await fetch(url).catch(() => null))?.ok) return;
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`no answer from ${url}`);
}

const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'bundle-size-data-'));
const server = spawn(process.execPath, ['apps/server/src/main.ts'], {
  cwd: repoRoot,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    WEB_DIST: dist,
    AUTH_SECRET: `bundle-size-${Date.now()}-0123456789abcdefghijklmnop`,
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
let browser: Awaited<ReturnType<typeof chromium.launch>> | undefined;
try {
  // Inside the try: a browser that fails to start must not leave the server running.
  browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
  await waitForHealth(`http://127.0.0.1:${port}/api/health`, server);
  console.log(`\nJavaScript loaded by Chromium before any click (gzip -9 of each script), ${LOADS} loads a route\n`);
  for (const [route, limitKb] of Object.entries(routes)) {
    const sets: string[][] = [];
    let sizes: { path: string; kb: number }[] = [];
    for (let run = 0; run < LOADS; run++) {
      const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const scripts = new Map<string, Promise<number>>();
      page.on('response', (response) => {
        if (response.request().resourceType() !== 'script') return;
        const path = new URL(response.url()).pathname;
        scripts.set(
          path,
          response.body().then((body) => gzipSync(body, { level: 9 }).length / 1024),
        );
      });
      await page.goto(`http://localhost:${port}${route}`, { waitUntil: 'networkidle' });
      // Below-the-fold chunks start when the browser is idle: give it a moment more, then wait for quiet again.
      await page.waitForTimeout(1500);
      await page.waitForLoadState('networkidle');
      sizes = await Promise.all([...scripts].map(async ([path, kb]) => ({ path, kb: await kb })));
      sizes.sort((a, b) => b.kb - a.kb);
      sets.push(sizes.map((size) => size.path).sort());
      await context.close();
    }
    const total = sizes.reduce((sum, { kb }) => sum + kb, 0);
    const same = sets.every((set) => set.join() === sets[0]?.join());
    const backOffice = sizes.filter(({ path }) => backOfficeFiles.has(path)).map(({ path }) => path);
    const ok = total <= limitKb && backOffice.length === 0 && same;
    if (total > limitKb) miss(`${route}: ${total.toFixed(1)} KB of JavaScript (bar ${limitKb} KB)`);
    if (backOffice.length) miss(`${route}: back-office chunks loaded: ${backOffice.join(', ')}`);
    if (!same) miss(`${route}: the ${LOADS} loads fetched different scripts`);
    console.log(
      `${route.padEnd(6)} ${total.toFixed(1).padStart(6)} KB in ${sizes.length} files, bar ${limitKb} KB  ` +
        `${((total / limitKb) * 100).toFixed(0)}% of it  ${ok ? 'OK' : 'OVER'}  [${load()}]`,
    );
    for (const { path, kb } of sizes) console.log(`         ${kb.toFixed(1).padStart(6)} KB  ${path}`);
    console.log(
      `         back-office chunks: ${backOffice.length === 0 ? 'none' : backOffice.join(', ')}; ` +
        `same set in all ${LOADS} loads: ${same ? 'yes' : 'NO'}`,
    );
  }
} finally {
  await browser?.close();
  server.kill('SIGTERM');
  await new Promise((done) => server.once('exit', done));
  rmSync(dataDir, { recursive: true, force: true });
  if (ownBuild) rmSync(dist, { recursive: true, force: true });
}
finish();
