import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passkey, session, twoFactor, user } from '../db/schema.ts';
import { enrolTotp } from '../test/clients.ts';
import { authAgent, createTestApp, type TestApp } from '../test/test-context.ts';
import { softPasskey } from '../test/webauthn.ts';
import { runCommand } from './commands.ts';

// The command runs in-process on the app's own database, as the running server runs it for the CLI (cli-socket.ts);
// cli.test.ts starts the real `node cli.ts`.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'silent' });
});
afterAll(() => t.close());

async function cli(...args: string[]) {
  const result = await runCommand({ database: t.context.database, env: t.context.env }, { argv: args });
  return { code: result.code, out: result.stdout, err: result.stderr };
}

describe('user reset-second-factor', { timeout: 120_000 }, () => {
  it("removes an admin's authenticator, recovery codes and passkeys, signs them out, and has them enrol again", async () => {
    expect(
      (await cli('user', 'create', '--email', 'owner@example.test', '--password', 'secret1', '--role', 'admin')).code,
    ).toBe(0);
    const browser = authAgent(t.app);
    await browser.post('/api/auth/sign-in/email', { email: 'owner@example.test', password: 'secret1' });
    await enrolTotp(browser, 'secret1');
    const options = await browser.get('/api/auth/passkey/generate-register-options');
    const response = softPasskey('http://localhost:3000').register(options.json());
    expect((await browser.post('/api/auth/passkey/verify-registration', { response })).statusCode).toBe(200);
    const cookies = browser.cookies;

    const result = await cli('user', 'reset-second-factor', 'Owner@example.test');
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(result.out).toContain('Removed the second factor of owner@example.test and ended 1 session(s).');

    const [owner] = await t.db.select().from(user).where(eq(user.email, 'owner@example.test'));
    expect(owner?.twoFactorEnabled).toBe(false);
    expect(await t.db.select().from(twoFactor)).toEqual([]);
    expect(await t.db.select().from(passkey)).toEqual([]);
    expect(await t.db.select().from(session)).toEqual([]);
    // The old browser is signed out.
    const old = authAgent(t.app);
    old.setCookies(cookies);
    expect((await old.get('/api/auth/get-session')).json()).toBeNull();
    // A new sign-in asks for no code, and the back office refuses them until they enrol again.
    const agent = authAgent(t.app);
    const signIn = await agent.post('/api/auth/sign-in/email', { email: 'owner@example.test', password: 'secret1' });
    expect(signIn.json().twoFactorRedirect).toBeUndefined();
    const refused = await t.app.inject({
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

  it('names an unknown email and exits with 1', async () => {
    const result = await cli('user', 'reset-second-factor', 'nobody@example.test');
    expect(result.code).toBe(1);
    expect(result.err).toContain('nobody@example.test');
  });
});
