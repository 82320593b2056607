import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, createContext } from '../app.ts';
import { passkey, session, twoFactor, user } from '../db/schema.ts';
import { parseEnv } from '../env.ts';
import { enrolTotp } from '../test/clients.ts';
import { authAgent, TEST_SECRET } from '../test/test-context.ts';
import { softPasskey } from '../test/webauthn.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'cli-2fa-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function cli(...args: string[]) {
  const env: Record<string, string | undefined> = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  const result = spawnSync(process.execPath, ['apps/server/src/cli/cli.ts', ...args], { encoding: 'utf8', env });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

/** The real app on the CLI's embedded database, for as long as `use` runs (PGlite is single-process). */
async function withApp<T>(
  use: (app: Awaited<ReturnType<typeof buildApp>>, context: Awaited<ReturnType<typeof createContext>>) => Promise<T>,
) {
  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    AUTH_SECRET: TEST_SECRET,
    WEB_DIST: '/nonexistent',
  });
  const context = await createContext(env);
  const app = await buildApp(context);
  try {
    return await use(app, context);
  } finally {
    await app.close();
    await context.close();
  }
}

describe('user reset-second-factor', { timeout: 120_000 }, () => {
  it("removes an admin's authenticator, recovery codes and passkeys, signs them out, and has them enrol again", async () => {
    expect(
      cli('user', 'create', '--email', 'owner@example.test', '--password', 'secret1', '--role', 'admin').code,
    ).toBe(0);
    const cookies = await withApp(async (app) => {
      const agent = authAgent(app);
      await agent.post('/api/auth/sign-in/email', { email: 'owner@example.test', password: 'secret1' });
      await enrolTotp(agent, 'secret1');
      const options = await agent.get('/api/auth/passkey/generate-register-options');
      const response = softPasskey('http://localhost:3000').register(options.json());
      expect((await agent.post('/api/auth/passkey/verify-registration', { response })).statusCode).toBe(200);
      return agent.cookies;
    });

    const result = cli('user', 'reset-second-factor', 'Owner@example.test');
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(result.out).toContain('Removed the second factor of owner@example.test and ended 1 session(s).');

    await withApp(async (app, context) => {
      const [owner] = await context.db.select().from(user).where(eq(user.email, 'owner@example.test'));
      expect(owner?.twoFactorEnabled).toBe(false);
      expect(await context.db.select().from(twoFactor)).toEqual([]);
      expect(await context.db.select().from(passkey)).toEqual([]);
      expect(await context.db.select().from(session)).toEqual([]);
      // The old browser is signed out.
      const old = authAgent(app);
      old.setCookies(cookies);
      expect((await old.get('/api/auth/get-session')).json()).toBeNull();
      // A new sign-in asks for no code, and the back office refuses them until they enrol again.
      const agent = authAgent(app);
      const signIn = await agent.post('/api/auth/sign-in/email', { email: 'owner@example.test', password: 'secret1' });
      expect(signIn.json().twoFactorRedirect).toBeUndefined();
      const refused = await app.inject({
        method: 'GET',
        url: '/api/admin/dashboard',
        headers: {
          cookie: Object.entries(agent.cookies)
            .map(([k, v]) => `${k}=${v}`)
            .join('; '),
        },
      });
      expect(refused.json().error.code).toBe('SECOND_FACTOR_REQUIRED');
    });
  });

  it('names an unknown email and exits with 1', () => {
    const result = cli('user', 'reset-second-factor', 'nobody@example.test');
    expect(result.code).toBe(1);
    expect(result.err).toContain('nobody@example.test');
  });
});
