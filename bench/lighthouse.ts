/**
 * Lighthouse (mobile preset) on the production build: builds the web app into a temporary directory, starts the
 * real server on a free port with a temporary DATA_DIR, and prints performance, accessibility, best practices and
 * SEO for / and /book. Targets: performance >= 95, accessibility 100, best practices >= 95, SEO >= 95.
 *
 * Run: node bench/lighthouse.ts   (Debian's Chromium at /usr/bin/chromium; nothing is downloaded)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildWebApp, repoRoot } from './web-build.ts';

const targets = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 95 } as const;
const routes = ['/', '/book'];

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

const webDist = buildWebApp();
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
  console.log(`\nLighthouse (mobile preset) against ${baseUrl}\n`);
  console.log(
    `route   ${Object.keys(targets)
      .map((name) => name.padStart(15))
      .join('')}`,
  );
  for (const route of routes) {
    // A fresh profile per route would be ideal; clearing storage per run gives the same cold load.
    const result = await lighthouse(`${baseUrl}${route}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: Object.keys(targets),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${route}`);
    const { categories, audits } = result.lhr;
    const cells = Object.entries(targets).map(([name, target]) => {
      const score = Math.round((categories[name]?.score ?? 0) * 100);
      if (score < target) failed = true;
      return `${score >= target ? ' ' : '!'}${String(score).padStart(3)} (>=${target})`.padStart(15);
    });
    console.log(`${route.padEnd(8)}${cells.join('')}`);
    const metrics = [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
      'speed-index',
    ];
    console.log(
      `        ${metrics.map((id) => `${id.replace(/-/g, ' ')}: ${audits[id]?.displayValue ?? '?'}`).join(' · ')}`,
    );
    for (const category of Object.keys(targets)) {
      for (const ref of categories[category]?.auditRefs ?? []) {
        const audit = audits[ref.id];
        if (ref.weight > 0 && audit && audit.score !== null && audit.score < 0.9 && category !== 'performance') {
          console.log(`        ${category}: ${audit.title} (${audit.id})`);
        }
      }
    }
  }
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(webDist, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
