// `npm start`: builds the web app if it is missing, and the server's bundle when it is missing or older than its
// sources (decision 088), then serves web and API from one process. Plain JavaScript, so that a start that reuses the
// bundle loads no TypeScript (server-bundle.mjs says why); the build script is loaded only to build.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { enableCompileCache } from 'node:module';
import { pathToFileURL } from 'node:url';
import { serverBundle, serverBundleIsFresh } from './server-bundle.mjs';

// Node keeps the compiled code of every module it loads (the bundle, the packages) in a cache on disk and reuses it at
// the next start instead of compiling again (decision 088). NODE_DISABLE_COMPILE_CACHE=1 turns it off.
enableCompileCache();
if (!existsSync('apps/web/dist/index.html')) {
  console.log('Building the web app (first start)…');
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
if (!serverBundleIsFresh()) {
  console.log('Building the server (first start, or its sources changed)…');
  const { buildServer } = await import('./build-server.ts');
  await buildServer();
}
// The bundle is not minified and keeps its source map: NODE_OPTIONS=--enable-source-maps names the sources in traces.
await import(pathToFileURL(serverBundle).href);
