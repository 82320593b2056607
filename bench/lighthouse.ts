/**
 * Lighthouse (mobile preset) on the production build: builds the web app into a temporary directory, starts the
 * real server on a free port with a temporary DATA_DIR, and measures performance, accessibility, best practices and
 * SEO for / and /book. Targets (issue 12): performance >= 95, accessibility, best practices and SEO 100.
 * The site is measured as an owner would have it: a brand colour, its own typefaces, a logo, a hero photo, the
 * therapist's photo and a gallery, uploaded through the Website section's own service into the data directory before
 * the server starts (pictures drawn here, at a phone photo's size; nothing is fetched). `--no-photos` measures the
 * bare site.
 *
 * The machine is shared and its load varies from run to run, so each route is measured several times (3 unless
 * `--runs N`), the runs interleaved between routes; the verdict is on the median, and the best run is shown too.
 * One run per route before them is not counted: a freshly started Chromium pays for its own caches (fonts, its own
 * code) in the first page it loads.
 *
 * Run: node bench/lighthouse.ts [--runs N] [--no-build] [--no-photos]
 *      (Debian's Chromium at /usr/bin/chromium; nothing is downloaded. --no-build serves apps/web/dist as it is.)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import sharp from 'sharp';
import { createContext } from '../apps/server/src/app.ts';
import { parseEnv } from '../apps/server/src/env.ts';
import { createUser } from '../apps/server/src/modules/users/users.service.ts';
import { updateWebsiteSettings, uploadWebsiteImage } from '../apps/server/src/modules/website/website.service.ts';
import { freePort } from '../apps/server/src/test/free-port.ts';
import { load, median } from './support.ts';
import { buildWebApp, repoRoot } from './web-build.ts';

const targets = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 } as const;
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
const withPhotos = !process.argv.includes('--no-photos');

type Category = keyof typeof targets;
type Run = { scores: Record<Category, number>; metrics: Record<(typeof metricIds)[number], number>; notes: string[] };

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

/** A soft, warm photo of light and stones at a phone camera's size, as JPEG. */
function phonePhoto(width: number, height: number, hue: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><radialGradient id="l" cx="30%" cy="35%" r="80%">
      <stop offset="0" stop-color="hsl(${hue},70%,82%)"/><stop offset="0.55" stop-color="hsl(${hue},45%,52%)"/>
      <stop offset="1" stop-color="hsl(${hue + 10},40%,22%)"/></radialGradient></defs>
    <rect width="100%" height="100%" fill="url(#l)"/>
    <ellipse cx="${width * 0.5}" cy="${height * 0.86}" rx="${width * 0.26}" ry="${height * 0.07}" fill="hsl(${hue},20%,25%)"/>
    <ellipse cx="${width * 0.49}" cy="${height * 0.75}" rx="${width * 0.18}" ry="${height * 0.055}" fill="hsl(${hue},18%,38%)"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
}

/** The owner's logo, photos and colour, stored through the Website section's service before the server runs. */
async function seedWebsite(serverEnv: Record<string, string>): Promise<void> {
  const context = await createContext(parseEnv({ ...serverEnv, LOG_LEVEL: 'warn' }));
  try {
    const owner = await createUser(
      { db: context.db, env: context.env },
      {
        email: 'owner@example.test',
        password: `lighthouse-${Date.now()}`,
        role: 'admin',
        name: 'Owner',
      },
    );
    const actor = { id: owner.id, role: 'admin' as const, email: owner.email, name: owner.name, phone: null };
    const upload = async (bytes: Buffer) =>
      (
        await uploadWebsiteImage(
          { db: context.db, files: context.files },
          { actor, input: { bytes, maxBytes: context.env.UPLOAD_MAX_BYTES } },
        )
      ).id;
    const logo = await sharp(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480"><circle cx="240" cy="240" r="230" fill="#3d6b5e"/></svg>',
      ),
    )
      .png()
      .toBuffer();
    const logoId = await upload(logo);
    const heroImageId = await upload(await phonePhoto(4032, 3024, 28));
    const therapistPhotoId = await upload(await phonePhoto(3024, 4032, 200));
    const gallery = [];
    for (const hue of [90, 330, 150])
      gallery.push({ imageId: await upload(await phonePhoto(4032, 3024, hue)), alt: 'Warm stones in soft light' });
    await updateWebsiteSettings(context.db, {
      actor,
      input: {
        brandColor: '#8a4f7d',
        logoId,
        heroImageId,
        heroAlt: 'A quiet treatment room in warm light',
        about: 'Calm, unhurried massage in a quiet room, by appointment.',
        therapistName: 'Sam',
        therapistText: 'Fully qualified massage therapist with ten years of practice.',
        therapistPhotoId,
        gallery,
        // The site's own type (issue 26), preloaded from the site itself.
        headingFont: 'cormorant-garamond',
        textFont: 'inter',
      },
    });
  } finally {
    await context.close();
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
const serverEnv = {
  NODE_ENV: 'production',
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: baseUrl,
  DATA_DIR: dataDir,
  WEB_DIST: webDist,
  AUTH_SECRET: `lighthouse-${Date.now()}-0123456789abcdefghijklmnop`,
  LOG_LEVEL: 'warn',
};
if (withPhotos) await seedWebsite(serverEnv);
const server = spawn(process.execPath, ['apps/server/src/main.ts'], {
  cwd: repoRoot,
  env: { ...process.env, ...serverEnv },
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

  console.log(
    `\nLighthouse (mobile preset) against ${baseUrl}, ${withPhotos ? 'with' : 'without'} the owner's photos, ${runs} run(s) per route: median (best)\n`,
  );
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
