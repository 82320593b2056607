import { spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './test/free-port.ts';

/**
 * What `npm start` runs (decision 088): the server's bundle answers as the sources do, with every path a source
 * works out from its own address (the migrations, the web build) still found from the bundle.
 */
// The build script is the repository's (scripts/), outside this project's sources: loaded by its address.
type BuildScript = {
  buildServer(outDir?: string): Promise<void>;
  serverBundleIsFresh(outDir?: string): boolean;
  serverBundleDir: string;
};
const buildScript = pathToFileURL(resolve(import.meta.dirname, '../../../scripts/build-server.ts')).href;
const { buildServer, serverBundleDir, serverBundleIsFresh } = (await import(buildScript)) as BuildScript;

const dataDir = mkdtempSync(join(tmpdir(), 'server-bundle-'));
// A folder of its own (apps/server/dist itself may be what a running `npm start` uses), inside the repository so
// that the bundle's imports of packages resolve from its node_modules.
mkdirSync(serverBundleDir, { recursive: true });
const outDir = mkdtempSync(join(serverBundleDir, 'test-'));
// The bundle must find the web build from its own address (apps/web/dist). A clean clone has none yet when the tests
// run (the build stage comes after them): a stand-in page is put there for this test and taken away after; a real
// build is left as it is.
const webDist = resolve(import.meta.dirname, '../../web/dist');
const standIn = !existsSync(join(webDist, 'index.html'));
if (standIn) {
  mkdirSync(webDist, { recursive: true });
  copyFileSync(resolve(import.meta.dirname, '../../web/index.html'), join(webDist, 'index.html'));
}
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(outDir, { recursive: true, force: true });
  if (standIn) {
    rmSync(join(webDist, 'index.html'), { force: true });
    if (readdirSync(webDist).length === 0) rmSync(webDist, { recursive: true, force: true });
  }
});

describe("the server's bundle", () => {
  it('is built fresh, migrates a new database, serves the web app and the API with the same headers', async () => {
    await buildServer(outDir);
    expect(serverBundleIsFresh(outDir)).toBe(true);
    // npm start builds again when a file the bundle was built from is newer than it (or the packages were installed).
    const sources = JSON.parse(readFileSync(join(outDir, 'sources.json'), 'utf8'));
    expect(sources).toEqual(expect.arrayContaining(['apps/server/src/main.ts', 'node_modules/.package-lock.json']));
    utimesSync(join(outDir, 'main.js'), new Date(0), new Date(0));
    expect(serverBundleIsFresh(outDir)).toBe(false);
    utimesSync(join(outDir, 'main.js'), new Date(), new Date());
    const port = await freePort();
    const env: Record<string, string | undefined> = {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      AUTH_SECRET: 'bundle-test-secret-0123456789-abcdefghijklmnop',
      LOG_LEVEL: 'warn',
    };
    delete env.DATABASE_URL;
    delete env.WEB_DIST;
    const child = spawn(process.execPath, [join(outDir, 'main.js')], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    try {
      let health: Response | null = null;
      for (let i = 0; i < 2400 && !health?.ok; i++) {
        if (child.exitCode !== null) throw new Error(`the bundle exited (${child.exitCode}): ${errors}`);
        health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
        if (!health?.ok) await new Promise((done) => setTimeout(done, 200));
      }
      expect(health?.status).toBe(200);
      const services = await fetch(`http://127.0.0.1:${port}/api/services`);
      expect(services.status).toBe(200);
      expect(services.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(services.headers.get('x-ratelimit-limit')).toBeTruthy();
      const home = await fetch(`http://127.0.0.1:${port}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain('<!doctype html>');
    } finally {
      child.kill('SIGTERM');
      await new Promise((done) => child.once('exit', done));
    }
  }, 540_000);
});
