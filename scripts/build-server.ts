// The server as one ES module bundle for `npm start` (decision 088): Node no longer finds, reads and links the
// server's sources and the packages' some 1,700 modules one by one at every start. The packages are bundled too,
// except the few below that must stay in their own folder; lazy imports become chunks loaded when first needed.
// Built when missing, when any source it was built from changed since (sources.json lists them) or when the packages
// were installed again, so a fresh clone's first `npm start` builds it and later starts reuse it.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';
import { bundleSourcesFile, serverBundleDir } from './server-bundle.mjs';

export { serverBundle, serverBundleDir, serverBundleIsFresh } from './server-bundle.mjs';

const root = resolve(import.meta.dirname, '..');

/**
 * Packages left as imports, loaded from node_modules as before: those that read files of their own folder at run time
 * (PGlite's WebAssembly and data, pg_dump's, pdfkit's fonts, fast-geoip's tables, pino's transport workers) or
 * load a native binary (sharp, pg's optional pg-native), and the optional ones loaded only where first needed
 * (decision 088: Stripe, Twilio, nodemailer, file-type), which stay out of the bundle a start reads.
 */
const keptAsPackages = new Set([
  '@electric-sql/pglite',
  '@electric-sql/pglite-tools',
  'pdfkit',
  'fast-geoip',
  'pino',
  'sharp',
  'pg-native',
  'stripe',
  'twilio',
  'nodemailer',
  'file-type',
]);
const packageOf = (path: string) =>
  path
    .split('/')
    .slice(0, path.startsWith('@') ? 2 : 1)
    .join('/');
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(context) {
    context.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('node:') || keptAsPackages.has(packageOf(args.path)) ? { external: true } : undefined,
    );
  },
};

/**
 * A source file's own address where it reads `import.meta.url` (the migrations folder, the web build, the root
 * package.json, createRequire): the bundle lives elsewhere, so each is written relative to the bundle's own address.
 */
const ownAddress = (outDir: string): Plugin => ({
  name: 'own-address',
  setup(context) {
    context.onLoad({ filter: /\.ts$/ }, (args) => {
      if (args.path.includes('/node_modules/')) return undefined;
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const fromBundle = relative(outDir, args.path).split('\\').join('/');
      return {
        contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`),
        loader: 'ts',
        resolveDir: dirname(args.path),
      };
    });
  },
});

/** Builds the bundle into `outDir` (apps/server/dist unless a test asks for its own folder). */
export async function buildServer(outDir = serverBundleDir) {
  // Loaded only to build: a start that reuses the bundle does not pay for it.
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: root,
    entryPoints: { main: 'apps/server/src/main.ts' },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    outdir: outDir,
    // Chunks beside main.js: every file of the bundle has the same address for `ownAddress`.
    chunkNames: '[name]-[hash]',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    plugins: [externalPackages, ownAddress(outDir)],
    // The bundled CommonJS packages `require` Node's own modules and the packages kept outside.
    banner: {
      js: "import { createRequire as createRequireOfBundle } from 'node:module';\nconst require = createRequireOfBundle(import.meta.url);",
    },
  });
  // The packages change only with an install, which rewrites npm's own record of the tree.
  const sources = Object.keys(result.metafile.inputs).filter((input) => !input.includes('node_modules/'));
  writeFileSync(resolve(outDir, bundleSourcesFile), JSON.stringify([...sources, 'node_modules/.package-lock.json']));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildServer();
