import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * A production build of the web app (the browser's and the server's home, as `npm run build`) in a directory of its own, so a bench never replaces the apps/web/dist a
 * running server (or another person's test run) is serving.
 */
export function buildWebApp(): string {
  const outDir = mkdtempSync(join(tmpdir(), 'web-bench-'));
  const vite = (args: string[]) =>
    execFileSync(join(repoRoot, 'node_modules/.bin/vite'), args, {
      cwd: join(repoRoot, 'apps/web'),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  vite(['build', '--outDir', outDir, '--emptyOutDir']);
  // The server's build of home, as `npm run build` makes it (decision 100).
  vite(['build', '--ssr', 'src/render-home.tsx', '--outDir', join(outDir, 'ssr')]);
  return `${outDir}/`;
}
