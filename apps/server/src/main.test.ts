import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, startupFailureText } from './server.ts';
import { freePort } from './test/free-port.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'main-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const settings = (port: number, extra: Record<string, string> = {}) => ({
  NODE_ENV: 'test',
  PORT: String(port),
  DATA_DIR: dataDir,
  LOG_LEVEL: 'info',
  WEB_DIST: '/nonexistent',
  ...extra,
});

/** `node main.ts`, the way `npm start` runs it. */
function startProcess(port: number) {
  const env: Record<string, string | undefined> = { ...process.env, ...settings(port) };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['apps/server/src/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  return { child, output: () => output };
}

async function waitForHealth(port: number) {
  for (let i = 0; i < 450; i++) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not become healthy');
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

describe('the server process', () => {
  // The first start is the real process (its SIGTERM handler); the restart on the same DATA_DIR is in-process.
  it('keeps its data in DATA_DIR across a restart and shuts down cleanly on SIGTERM', async () => {
    const port = await freePort();
    const first = startProcess(port);
    await waitForHealth(port);
    const signUp = await fetch(`http://127.0.0.1:${port}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
      body: JSON.stringify({ email: 'kept@example.test', password: 'secret1', name: 'Kept' }),
    });
    expect(signUp.status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await exited(first.child)).toBe(0);
    expect(first.output()).toContain('shutting down');
    expect(existsSync(join(dataDir, 'in-use.pid'))).toBe(false);

    const second = await startServer(settings(port, { LOG_LEVEL: 'silent' }), { print: () => {} });
    try {
      const signIn = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
        body: JSON.stringify({ email: 'kept@example.test', password: 'secret1' }),
      });
      expect(signIn.status).toBe(200);
    } finally {
      await second.close();
    }
    expect(existsSync(join(dataDir, 'in-use.pid'))).toBe(false);
  }, 180_000); // a cold start of the embedded database, on a busy machine

  // main.ts prints this text and exits with 1 (startup-checks.test.ts runs that process).
  it('refuses to start with a bad variable, naming it', async () => {
    const failure = await startServer(settings(0, { PORT: 'eighty' })).then(
      async (server) => {
        await server.close();
        return 'started';
      },
      (error: unknown) => startupFailureText(error),
    );
    expect(failure).toContain('PORT');
  });
});
