/**
 * Builds the web app and prints the gzipped JavaScript each public route loads before the visitor can interact:
 * the entry script of index.html (a module script, or the `data-entry` of route-hint.js that starts it after the
 * first paint), its preloads and static imports, plus the route's own lazy screen, if any, and its static imports.
 * Target: at most 120 KB (issue 12; it was 150 KB in issue 3). Also checks that no back-office chunk is in those sets.
 *
 * Run: node bench/bundle-size.ts            (builds into a temporary directory)
 *      node bench/bundle-size.ts --no-build (measures apps/web/dist as it is)
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { load } from './support.ts';
import { buildWebApp, repoRoot } from './web-build.ts';

const LIMIT_KB = 120;

type ManifestChunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
type Manifest = Record<string, ManifestChunk>;

/** Screens that open on each public route without a click; one that is not a chunk of its own is in the entry. */
const routeScreens: Record<string, string[]> = {
  '/': ['src/features/home/routes/home-page.tsx'],
  '/book': ['src/features/bookings/routes/book-page.tsx'],
};

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

const dist = process.argv.includes('--no-build') ? `${repoRoot}apps/web/dist/` : buildWebApp();

const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8')) as Manifest;
const html = readFileSync(`${dist}index.html`, 'utf8');
const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, { key, chunk }]));

/** The files named by index.html: module scripts, modulepreloads, and the entry and preloads route-hint.js starts. */
const htmlScripts = [
  ...[
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+)"/g),
    ...html.matchAll(/<script[^>]+data-entry="\/([^"]+)"/g),
  ].map((match) => match[1] as string),
  ...[...html.matchAll(/<script[^>]+data-preload="([^"]+)"/g)].flatMap((match) =>
    (match[1] as string).split(' ').map((href) => href.replace(/^\//, '')),
  ),
];
if (htmlScripts.length === 0) throw new Error('index.html names no script: has the way the app starts changed?');

/** A chunk's static imports, read from the file itself so nothing depends on the manifest alone. */
function staticImportsOf(file: string): string[] {
  const code = readFileSync(`${dist}${file}`, 'utf8');
  const found = [...code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w*{}\s,$]+from\s*)?["']\.\/([^"']+\.js)["']/g)].map(
    (match) => `assets/${match[1]}`,
  );
  const fromManifest = (byFile.get(file)?.chunk.imports ?? []).map((key) => manifest[key]?.file ?? '');
  return [...new Set([...found, ...fromManifest])].filter(Boolean);
}

function closure(start: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file) || !file.endsWith('.js')) continue;
    seen.add(file);
    queue.push(...staticImportsOf(file));
  }
  return seen;
}

const gzipKb = (file: string) => gzipSync(readFileSync(`${dist}${file}`), { level: 9 }).length / 1024;

const backOfficeFiles = new Set(
  backOfficeScreens.map((src) => {
    const chunk = manifest[src];
    if (!chunk) throw new Error(`No chunk for ${src}: is it still a lazy screen?`);
    return chunk.file;
  }),
);

let failed = false;
console.log(`\nJavaScript loaded before interaction (gzip -9), limit ${LIMIT_KB} KB\n`);
for (const [route, screens] of Object.entries(routeScreens)) {
  // A screen without a chunk of its own was bundled into the entry, which is counted already.
  const screenFiles = screens.flatMap((src) => (manifest[src] ? [manifest[src].file] : []));
  const files = closure([...htmlScripts, ...screenFiles]);
  const sizes = [...files].map((file) => ({ file, kb: gzipKb(file) })).sort((a, b) => b.kb - a.kb);
  const total = sizes.reduce((sum, { kb }) => sum + kb, 0);
  const backOffice = [...files].filter((file) => backOfficeFiles.has(file));
  const ok = total <= LIMIT_KB && backOffice.length === 0;
  failed ||= !ok;
  console.log(
    `${route.padEnd(6)} ${total.toFixed(1).padStart(6)} KB  ${((total / LIMIT_KB) * 100).toFixed(0)}% of limit  ${ok ? 'OK' : 'OVER'}`,
  );
  for (const { file, kb } of sizes) console.log(`         ${kb.toFixed(1).padStart(6)} KB  ${file}`);
  console.log(`         back-office chunks in this set: ${backOffice.length === 0 ? 'none' : backOffice.join(', ')}`);
}
const backOfficeKb = [...closure([...backOfficeFiles])]
  .filter((file) => !closure([...htmlScripts]).has(file))
  .reduce((sum, file) => sum + gzipKb(file), 0);
console.log(`\nBack office (${backOfficeFiles.size} screens) loads separately: ${backOfficeKb.toFixed(1)} KB gzip\n`);
console.log(load());
process.exitCode = failed ? 1 : 0;
