import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, minifySync, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const rootPackage = JSON.parse(readFileSync(fileURLToPath(new URL('../../package.json', import.meta.url)), 'utf8')) as {
  version: string;
};

/** A release is the workspace version plus a short build id, so every build counts as a new version for clients. */
function buildId(): string {
  if (process.env.BUILD_ID) return process.env.BUILD_ID;
  let commit = 'local';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    // Outside a git checkout (a tarball install) the time alone identifies the build.
  }
  return `${commit}.${Date.now().toString(36)}`;
}

const appVersion = `${rootPackage.version}+${buildId()}`;

/** Writes dist/version.json, read at every start-up, and answers it in dev so the start-up path is the same. */
function versionFile(version: string): Plugin {
  const body = `${JSON.stringify({ version })}\n`;
  return {
    name: 'app-version-file',
    configureServer(server) {
      server.middlewares.use('/version.json', (_req, res) => {
        res.setHeader('Content-Type', 'application/json');
        res.setHeader('Cache-Control', 'no-store');
        res.end(body);
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: body });
    },
  };
}

/**
 * Modules whose top-level code may be dropped when none of their own exports is used:
 * - the shared package is plain declarations, but its zod schemas are top-level calls the bundler must assume have
 *   effects; without this, public pages importing a constant would ship zod;
 * - lib/auth-client.ts creates the better-auth client; a page that imports only its re-exported `useCurrentUser`
 *   (which lives in lib/session.ts) should not ship the client (decision 007).
 */
function sideEffectFreeModules(): Plugin {
  return {
    name: 'side-effect-free-modules',
    transform(code, id) {
      if (!id.includes('/packages/shared/src/') && !id.endsWith('/src/lib/auth-client.ts')) return null;
      // Its one effect is its purpose: zod's parsers without eval, before anything is parsed.
      if (id.endsWith('/packages/shared/src/parse-without-eval.ts')) return null;
      return { code, map: null, moduleSideEffects: false };
    },
  };
}

/**
 * react-router ships its components as `var Form = React.forwardRef(...)` followed by `Form.displayName = "Form"`,
 * with no pure annotation: a bundler must keep every one of them, used or not (Link with its prefetching, NavLink,
 * Form with its submit hooks, the data router's memoised routes). Marking the calls pure and leaving out the
 * debugging names lets the build drop the ones the app does not render (decision 026). Lines are kept as they are
 * (a name is blanked, not deleted), so source maps stay right.
 */
function pureRouterComponents(): Plugin {
  const routerChunk = /\/node_modules\/react-router\/dist\/[^/]+\/chunk-[^/]+\.mjs$/;
  return {
    name: 'pure-router-components',
    transform: {
      filter: { id: routerChunk },
      handler(code) {
        const marked = code
          .replace(/^(var \w+ = )(React\d*\.(?:forwardRef|memo)\()/gm, '$1/* @__PURE__ */ $2')
          .replace(/^\w+\.displayName = "\w+";$/gm, '');
        return { code: marked, map: null };
      },
    },
  };
}

/**
 * Production builds start the app from public/route-hint.js right after the first paint (decision 013): the module
 * script Vite writes into index.html becomes a `data-entry` attribute of that script, so the browser paints the
 * static first-paint shell before it fetches, compiles and runs the JavaScript.
 */
function startAfterFirstPaint(): Plugin {
  const hint = '<script src="/route-hint.js"></script>';
  return {
    name: 'start-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entries = [...html.matchAll(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g)];
        const [entry] = entries;
        if (entries.length !== 1 || !entry || !html.includes(hint)) {
          console.warn('start-after-first-paint: index.html is not as expected; the app starts as Vite wrote it');
          return html;
        }
        // Chunks the entry imports (none while the `shell` group holds them all) are fetched with it, not before.
        const preloads = [...html.matchAll(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
        let result = html.replace(entry[0], '');
        for (const [tag] of preloads) result = result.replace(tag, '');
        const preloadAttribute = preloads.length ? ` data-preload="${preloads.map(([, href]) => href).join(' ')}"` : '';
        return result.replace(
          hint,
          `<script src="/route-hint.js" data-entry="${entry[1]}"${preloadAttribute}></script>`,
        );
      },
    },
  };
}

/**
 * public/route-hint.js (every page loads it before the app) and start-on-interaction.js (home rendered by the server)
 * are copied as they are written, comments and all: the build writes them minified with Vite's own minifier
 * (route-hint.js 1.3 → 0.65 KB gzipped, issue 27). In `writeBundle`: after the copy, and before the service worker's
 * precache list is made from the files.
 */
function minifiedPublicScripts(): Plugin {
  let outDir = 'dist';
  return {
    name: 'minified-public-scripts',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      for (const name of ['route-hint.js', 'start-on-interaction.js']) {
        const file = join(outDir, name);
        const { code, errors } = minifySync(name, readFileSync(file, 'utf8'));
        if (errors.length) throw new Error(`${name}: ${errors.map((error) => error.message).join('; ')}`);
        writeFileSync(file, code);
      }
    },
  };
}

/**
 * Brotli and gzip siblings of every text file of the build (decision 008), so the server can send them as they are
 * (@fastify/static `preCompressed`) instead of compressing on each request. Compressed transfer is what the 150 KB
 * budget means. It runs once everything is written, after the service worker is built (vite-plugin-pwa writes
 * sw.js when the bundle closes) and with the files copied from public/ (route-hint.js), so those are compressed too.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const textFile = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
  const filesOf = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? filesOf(join(dir, entry.name)) : [join(dir, entry.name)],
    );
  return {
    name: 'precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const path of filesOf(outDir)) {
          if (!textFile.test(path)) continue;
          const content = readFileSync(path);
          if (content.length < 1024) continue;
          writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
          writeFileSync(
            `${path}.br`,
            brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
        }
      },
    },
  };
}

/**
 * The public pages that open without a click: their screens, with the entry, make up the shell the service worker
 * precaches. Every other chunk (the client's other pages, the whole back office) is cached by the worker when it is
 * first used, so a first-time visitor does not download the back office in the background.
 */
const precachedScreens = [
  'src/features/home/routes/home-page.tsx',
  'src/features/home/components/home-below-fold.tsx',
  'src/features/bookings/routes/book-page.tsx',
];

/** Collects the files of the public shell from the bundle: the entry, those screens, their static imports and CSS. */
function publicShell(): Plugin & { files: Set<string> } {
  const files = new Set<string>();
  return {
    name: 'public-shell-files',
    apply: 'build',
    files,
    generateBundle(_options, bundle) {
      files.clear();
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const queue = chunks
        .filter(
          (chunk) =>
            chunk.isEntry || precachedScreens.some((screen) => chunk.facadeModuleId?.endsWith(`/apps/web/${screen}`)),
        )
        .map((chunk) => chunk.fileName);
      while (queue.length) {
        const fileName = queue.pop() as string;
        if (files.has(fileName)) continue;
        files.add(fileName);
        const chunk = bundle[fileName];
        if (chunk?.type !== 'chunk') continue;
        queue.push(...chunk.imports, ...(chunk.viteMetadata?.importedCss ?? []));
      }
    },
  };
}

const shell = publicShell();

/**
 * The modules main.tsx (the start-up) imports statically, found once the module graph is complete: the `shell` chunk
 * group below holds them, and the `app` group what app/mount.tsx (the app, an entry of its own) adds.
 */
function startUpModules(): Plugin & { ids: Set<string> } {
  const ids = new Set<string>();
  return {
    name: 'start-up-modules',
    apply: 'build',
    ids,
    buildEnd() {
      ids.clear();
      // From index.html's own modules (main.tsx and the page's proxy): every entry but the app's.
      const queue = [...this.getModuleIds()].filter(
        (id) => this.getModuleInfo(id)?.isEntry && !id.endsWith('/apps/web/src/app/mount.tsx'),
      );
      while (queue.length) {
        const id = queue.pop() as string;
        if (ids.has(id)) continue;
        ids.add(id);
        queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
}

const startUp = startUpModules();

/**
 * The server's build of home (`vite build --ssr src/render-home.tsx`, decision 100): modules in dist/ssr, which the
 * server imports to render `/` for a first visit. Every dependency is bundled in, so they run wherever the build is
 * put (a bench's temporary folder has no node_modules beside it); the other screens stay chunks it never loads.
 */
const serverRenderBuild = defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  define: { __APP_VERSION__: JSON.stringify(appVersion), 'process.env.NODE_ENV': JSON.stringify('production') },
  plugins: [react(), sideEffectFreeModules(), pureRouterComponents()],
  publicDir: false,
  ssr: { noExternal: true },
  build: {
    outDir: 'dist/ssr',
    emptyOutDir: false,
    copyPublicDir: false,
    target: 'node24',
  },
});

const browserBuild = defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  define: { __APP_VERSION__: JSON.stringify(appVersion) },
  plugins: [
    react(),
    sideEffectFreeModules(),
    pureRouterComponents(),
    versionFile(appVersion),
    startAfterFirstPaint(),
    minifiedPublicScripts(),
    shell,
    startUp,
    precompress(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      // We register the worker ourselves: the spec's localhost check, update interval and swUpdated event.
      injectRegister: false,
      // The install icons are fetched by the browser when it offers to install the app, not by every first visit.
      includeManifestIcons: false,
      manifestFilename: 'manifest.webmanifest',
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,png,svg,ico,webmanifest}'],
        globIgnores: ['**/version.json'],
        // Only the public shell: hashed assets outside it are cached at run time, when first used (src/sw.ts).
        manifestTransforms: [
          (entries) => ({
            // Icons are for installing the app, which fetches them then; the pages themselves name only the favicon.
            manifest: entries.filter((entry) =>
              entry.url.startsWith('assets/')
                ? shell.files.has(entry.url)
                : !entry.url.startsWith('icons/') || entry.url === 'icons/favicon-32.png',
            ),
            warnings: shell.files.size
              ? []
              : ['public-shell-files found no entry chunk: nothing under assets/ is precached'],
          }),
        ],
      },
      manifest: {
        id: '/',
        name: 'Massage booking',
        short_name: 'Massage',
        description: 'Book a professional massage online and manage your appointments.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#0b7285',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
  ],
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // bench/bundle-size.ts reads it to know which chunks each route loads.
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      // The app is an entry of its own, which main.tsx imports once the start-up is done (decision 100).
      input: { index: 'index.html', app: 'src/app/mount.tsx' },
      output: {
        codeSplitting: {
          groups: [
            {
              // The start-up (main.tsx and everything it imports statically), and nothing else, in one chunk beside
              // the entry: what every page runs at once, home as the server rendered it included (decision 100).
              name: 'shell',
              tags: ['$initial'],
              test: (id) => startUp.ids.has(id),
              priority: 2,
            },
            {
              // The app that start-up step 6 mounts (mount.tsx), in one chunk: the public pages fetch three scripts
              // instead of twenty, and a module that only lazy screens use can never be merged into a chunk the
              // public pages need (decision 013).
              name: 'app',
              tags: ['$initial'],
              priority: 1,
            },
          ],
        },
      },
    },
  },
});

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? serverRenderBuild : browserBuild));
