// The server as one ES module bundle for `npm start` (decision 088): Node no longer strips and links the
// server's and packages/shared's TypeScript files one by one at every start. Packages from node_modules stay
// imports (resolved from the repository as before); lazy imports become chunks loaded when first needed. Built when
// missing or when any file it was built from changed since (its metafile lists them), so a fresh clone's first
// `npm start` builds it and later starts reuse it.
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';

const root = resolve(import.meta.dirname, '..');
export const serverBundleDir = resolve(root, 'apps/server/dist');
export const serverBundle = resolve(serverBundleDir, 'main.js');

/** Whether the bundle in `outDir` is there and no file it was built from is newer than it. */
export function serverBundleIsFresh(outDir = serverBundleDir): boolean {
  const bundle = resolve(outDir, 'main.js');
  const metafilePath = resolve(outDir, 'meta.json');
  if (!existsSync(bundle) || !existsSync(metafilePath)) return false;
  const builtAt = statSync(bundle).mtimeMs;
  const inputs = Object.keys((JSON.parse(readFileSync(metafilePath, 'utf8')) as { inputs: object }).inputs);
  return inputs.every((input) => {
    const file = resolve(root, input);
    return existsSync(file) && statSync(file).mtimeMs <= builtAt;
  });
}

/** Bare imports stay imports, except the workspace's shared schemas, which are TypeScript and bundled. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(context) {
    context.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path === '@app/shared' || args.path.startsWith('@app/shared/') ? undefined : { external: true },
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
  });
  writeFileSync(resolve(outDir, 'meta.json'), JSON.stringify(result.metafile));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildServer();
