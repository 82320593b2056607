import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * A production build of the web app in a directory of its own, so a bench never replaces the apps/web/dist a
 * running server (or another person's test run) is serving.
 */
export function buildWebApp(): string {
  const outDir = mkdtempSync(join(tmpdir(), 'web-bench-'));
  execFileSync(join(repoRoot, 'node_modules/.bin/vite'), ['build', '--outDir', outDir, '--emptyOutDir'], {
    cwd: join(repoRoot, 'apps/web'),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return `${outDir}/`;
}
