// Where the server's bundle is (decision 088) and whether it can be started as it is. Plain JavaScript, like
// start.mjs, which asks it before anything else: Node strips a TypeScript file's types with a compiler it loads first,
// some 80 ms of every start on the 2-core machine (issue 27). Its types are in server-bundle.d.mts.
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
export const serverBundleDir = resolve(root, 'apps/server/dist');
export const serverBundle = resolve(serverBundleDir, 'main.js');
/** Written beside the bundle by the build: the files it was built from, relative to the repository. */
export const bundleSourcesFile = 'sources.json';

/** Whether the bundle in `outDir` is there and no file it was built from is newer than it. */
export function serverBundleIsFresh(outDir = serverBundleDir) {
  const builtAt = statSync(resolve(outDir, 'main.js'), { throwIfNoEntry: false })?.mtimeMs;
  const listed = resolve(outDir, bundleSourcesFile);
  if (builtAt === undefined || statSync(listed, { throwIfNoEntry: false }) === undefined) return false;
  return JSON.parse(readFileSync(listed, 'utf8')).every((/** @type {string} */ source) => {
    const changedAt = statSync(resolve(root, source), { throwIfNoEntry: false })?.mtimeMs;
    return changedAt !== undefined && changedAt <= builtAt;
  });
}
