import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passkey, session } from '../../db/schema.ts';
import { signedIn } from '../../test/clients.ts';
import { authAgent, createTestApp, type TestApp } from '../../test/test-context.ts';
import { softPasskey } from '../../test/webauthn.ts';
import { FRESH_SESSION_MINUTES } from './auth.ts';

const ORIGIN = 'http://localhost:3000';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '10000' });
});
afterAll(() => t.close());

type Agent = ReturnType<typeof authAgent>;

/** Adds a passkey through the plugin's two real steps (options, then the authenticator's answer). */
async function addPasskey(agent: Agent, device: ReturnType<typeof softPasskey>, name = 'My phone') {
  const options = await agent.get('/api/auth/passkey/generate-register-options');
  if (options.statusCode !== 200) return options;
  return agent.post('/api/auth/passkey/verify-registration', { response: device.register(options.json()), name });
}

async function signInWithPasskey(agent: Agent, device: ReturnType<typeof softPasskey>) {
  const options = await agent.get('/api/auth/passkey/generate-authenticate-options');
  expect(options.statusCode).toBe(200);
  return agent.post('/api/auth/passkey/verify-authentication', { response: device.authenticate(options.json()) });
}

describe('adding a passkey', () => {
  it(`needs a session made in the last ${FRESH_SESSION_MINUTES} minutes`, async () => {
    const client = await signedIn(t, { role: 'user' });
    // The same session, signed in an hour ago: an old (perhaps stolen) cookie cannot add a passkey.
    await t.db
      .update(session)
      .set({ createdAt: new Date(Date.now() - 60 * 60 * 1000) })
      .where(eq(session.userId, client.id));
    const stale = await addPasskey(client.agent, softPasskey(ORIGIN));
    expect(stale.statusCode).toBe(403);
    expect(stale.json().error.code).toBe('SESSION_NOT_FRESH');
    expect(await t.db.select().from(passkey).where(eq(passkey.userId, client.id))).toHaveLength(0);

    const again = authAgent(t.app);
    await again.post('/api/auth/sign-in/email', { email: client.email, password: client.password });
    const added = await addPasskey(again, softPasskey(ORIGIN));
    expect(added.statusCode).toBe(200);
    const listed = (await again.get('/api/auth/passkey/list-user-passkeys')).json();
    expect(listed).toMatchObject([{ name: 'My phone', userId: client.id }]);
  });
});

describe('an admin whose second factor is a passkey', () => {
  it('passes the admin guard after adding it and after a passkey sign-in, which asks for no code', async () => {
    const admin = await signedIn(t, { role: 'admin', secondFactor: false });
    expect((await admin.call('GET', '/api/admin/dashboard')).json().error.code).toBe('SECOND_FACTOR_REQUIRED');
    const device = softPasskey(ORIGIN);
    expect((await addPasskey(admin.agent, device)).statusCode).toBe(200);
    expect((await admin.call('GET', '/api/admin/dashboard')).statusCode).toBe(200);
    expect((await admin.agent.get('/api/auth/admin/list-users')).statusCode).toBe(200);

    // A new browser: the passkey alone signs in, straight to a session, and the back office opens.
    const browser = authAgent(t.app);
    const signIn = await signInWithPasskey(browser, device);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user).toMatchObject({ id: admin.id, role: 'admin' });
    expect((await browser.get('/api/admin/dashboard')).statusCode).toBe(200);
  });

  it('with the password alone gets no back office, and cannot add a factor of its own', async () => {
    const admin = await signedIn(t, { role: 'admin', secondFactor: false });
    expect((await addPasskey(admin.agent, softPasskey(ORIGIN))).statusCode).toBe(200);

    // Someone who knows only the password: signed in, but every owner route and enrolment is refused.
    const thief = authAgent(t.app);
    await thief.post('/api/auth/sign-in/email', { email: admin.email, password: admin.password });
    const refused = await thief.get('/api/admin/dashboard');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('SECOND_FACTOR_REQUIRED');
    const ownPasskey = await addPasskey(thief, softPasskey(ORIGIN));
    expect(ownPasskey.statusCode).toBe(403);
    expect(ownPasskey.json().error.code).toBe('PASSKEY_SIGN_IN_REQUIRED');
    const ownApp = await thief.post('/api/auth/two-factor/enable', { password: admin.password });
    expect(ownApp.statusCode).toBe(403);
    expect(await t.db.select().from(passkey).where(eq(passkey.userId, admin.id))).toHaveLength(1);
    expect((await thief.get('/api/admin/dashboard')).statusCode).toBe(403);
  });

  it('cannot remove their only passkey without an authenticator app', async () => {
    const admin = await signedIn(t, { role: 'admin', secondFactor: false });
    expect((await addPasskey(admin.agent, softPasskey(ORIGIN))).statusCode).toBe(200);
    const [only] = (await admin.agent.get('/api/auth/passkey/list-user-passkeys')).json();
    const refused = await admin.agent.post('/api/auth/passkey/delete-passkey', { id: only.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('SECOND_FACTOR_REQUIRED');
    expect(await t.db.select().from(passkey).where(eq(passkey.userId, admin.id))).toHaveLength(1);
  });
});

describe('removing a passkey', () => {
  it("is refused for someone else's passkey, and the owner's passkey still signs them in", async () => {
    const owner = await signedIn(t, { role: 'user' });
    const device = softPasskey(ORIGIN);
    expect((await addPasskey(owner.agent, device)).statusCode).toBe(200);
    const [theirs] = (await owner.agent.get('/api/auth/passkey/list-user-passkeys')).json();

    const other = await signedIn(t, { role: 'user' });
    expect((await other.agent.get('/api/auth/passkey/list-user-passkeys')).json()).toEqual([]);
    const refused = await other.agent.post('/api/auth/passkey/delete-passkey', { id: theirs.id });
    expect(refused.statusCode).toBe(401);
    expect(await t.db.select().from(passkey).where(eq(passkey.userId, owner.id))).toHaveLength(1);
    expect((await signInWithPasskey(authAgent(t.app), device)).statusCode).toBe(200);

    // The owner removes it themself; it signs in no more.
    expect((await owner.agent.post('/api/auth/passkey/delete-passkey', { id: theirs.id })).statusCode).toBe(200);
    expect((await signInWithPasskey(authAgent(t.app), device)).statusCode).toBe(401);
  });
});
