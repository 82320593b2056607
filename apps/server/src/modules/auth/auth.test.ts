import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, session, user } from '../../db/schema.ts';
import { signedIn } from '../../test/clients.ts';
import { authAgent, createTestApp, type TestApp } from '../../test/test-context.ts';
import { createUser, setUserDisabled } from '../users/users.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });
});
afterAll(() => t.close());

async function signUp(email: string, password = 'secret1') {
  const agent = authAgent(t.app);
  const response = await agent.post('/api/auth/sign-up/email', { email, password, name: 'Test Client' });
  return { agent, response };
}

describe('password policy', () => {
  it('serves the default policy: six characters, nothing else required', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/password-policy' });
    expect(response.json()).toEqual({
      minLength: 6,
      requireLowercase: false,
      requireUppercase: false,
      requireNumeric: false,
      requireNonAlphanumeric: false,
    });
  });

  it('refuses a sign-up with a too-short password and creates no account', async () => {
    const { response } = await signUp('short@example.test', 'abc');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'PASSWORD_POLICY',
      message: 'Password needs: at least 6 characters.',
    });
    expect(await t.db.select().from(user).where(eq(user.email, 'short@example.test'))).toHaveLength(0);
  });
});

describe('sign up, sign in, sign out', () => {
  it('signs up a client with role user and queues a verification email', async () => {
    const { agent, response } = await signUp('new.client@example.test');
    expect(response.statusCode).toBe(200);
    const current = await agent.get('/api/auth/get-session');
    expect(current.json().user).toMatchObject({ email: 'new.client@example.test', role: 'user', emailVerified: false });
    const emails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, 'new.client@example.test'));
    expect(emails).toHaveLength(1);
    expect(emails[0]?.kind).toBe('auth.verify-email');
    expect(emails[0]?.text).toContain('/api/auth/verify-email?token=');
  });

  it('refuses a second account with the same email', async () => {
    await signUp('twice@example.test');
    const { response } = await signUp('TWICE@example.test');
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.json().error.code).toMatch(/USER_ALREADY_EXISTS/);
  });

  it('answers a wrong password with 401 and a clear JSON error, and logs the failure', async () => {
    await signUp('wrong.pw@example.test');
    const agent = authAgent(t.app);
    const response = await agent.post('/api/auth/sign-in/email', {
      email: 'wrong.pw@example.test',
      password: 'nope-nope',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD' });
    expect(response.body).not.toContain('at ');
    expect(t.logs).toContainEqual(expect.objectContaining({ event: 'sign-in-failed', email: 'wrong.pw@example.test' }));
  });

  it('signs in, logs it, and signs out', async () => {
    await signUp('in.out@example.test');
    const agent = authAgent(t.app);
    const signIn = await agent.post('/api/auth/sign-in/email', { email: 'in.out@example.test', password: 'secret1' });
    expect(signIn.statusCode).toBe(200);
    expect(t.logs).toContainEqual(expect.objectContaining({ event: 'sign-in', email: 'in.out@example.test' }));
    const cookie = signIn.cookies.find((c) => c.name === 'better-auth.session_token');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(cookie?.secure).toBeFalsy(); // localhost: Secure is added only outside localhost
    await agent.post('/api/auth/sign-out');
    expect((await agent.get('/api/auth/get-session')).json()).toBeNull();
  });
});

describe('roles and sessions', () => {
  it('lets an admin made by the CLI service sign in with the role admin', async () => {
    await createUser(
      { db: t.db, env: t.context.env },
      { email: 'owner@example.test', password: 'secret1', role: 'admin' },
    );
    const agent = authAgent(t.app);
    await agent.post('/api/auth/sign-in/email', { email: 'owner@example.test', password: 'secret1' });
    expect((await agent.get('/api/auth/get-session')).json().user).toMatchObject({
      role: 'admin',
      emailVerified: true,
    });
  });

  it('refuses a tampered session cookie', async () => {
    const { agent } = await signUp('tamper@example.test');
    // The untouched cookie is a working session: the refusal below is the forgery's doing.
    expect((await agent.get('/api/auth/get-session')).json()?.user?.email).toBe('tamper@example.test');
    const token = agent.cookies['better-auth.session_token'] ?? '';
    const [value = '', signature = ''] = decodeURIComponent(token).split('.');
    const forged = `${value.slice(0, -1)}${value.endsWith('a') ? 'b' : 'a'}.${signature}`;
    agent.setCookies({ 'better-auth.session_token': encodeURIComponent(forged) });
    expect((await agent.get('/api/auth/get-session')).json()).toBeNull();
  });

  it('refuses an expired session', async () => {
    const { agent } = await signUp('expired@example.test');
    const [found] = await t.db.select().from(user).where(eq(user.email, 'expired@example.test'));
    expect((await agent.get('/api/auth/get-session')).json()?.user?.email).toBe('expired@example.test');
    const expired = await t.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.userId, found?.id ?? ''))
      .returning();
    expect(expired.length).toBeGreaterThan(0);
    expect((await agent.get('/api/auth/get-session')).json()).toBeNull();
  });

  it('signs a disabled user out at once and refuses their next sign-in', async () => {
    const { agent } = await signUp('disabled@example.test');
    expect((await agent.get('/api/auth/get-session')).json()).not.toBeNull();
    await setUserDisabled(t.db, { email: 'disabled@example.test', disabled: true });
    expect((await agent.get('/api/auth/get-session')).json()).toBeNull();
    const again = await authAgent(t.app).post('/api/auth/sign-in/email', {
      email: 'disabled@example.test',
      password: 'secret1',
    });
    expect(again.statusCode).toBe(403);
    expect(again.json().error.message).toBe('This account is disabled. Please get in touch with us.');
  });

  it('offers to sign out every other device on a password change', async () => {
    const { agent: laptop } = await signUp('two.devices@example.test');
    const phone = authAgent(t.app);
    await phone.post('/api/auth/sign-in/email', { email: 'two.devices@example.test', password: 'secret1' });
    expect((await phone.get('/api/auth/get-session')).json()?.user?.email).toBe('two.devices@example.test');
    const changed = await laptop.post('/api/auth/change-password', {
      currentPassword: 'secret1',
      newPassword: 'secret2',
      revokeOtherSessions: true,
    });
    expect(changed.statusCode).toBe(200);
    expect((await phone.get('/api/auth/get-session')).json()).toBeNull();
    expect((await laptop.get('/api/auth/get-session')).json()).not.toBeNull();
  });

  it('lets an admin end another user’s sessions and refuses a client doing the same', async () => {
    const { agent: victim } = await signUp('ended@example.test');
    expect((await victim.get('/api/auth/get-session')).json()?.user?.email).toBe('ended@example.test');
    const [target] = await t.db.select().from(user).where(eq(user.email, 'ended@example.test'));
    const { agent: client } = await signUp('nosy@example.test');
    const refused = await client.post('/api/auth/admin/revoke-user-sessions', { userId: target?.id });
    expect(refused.statusCode).toBe(403);
    expect((await victim.get('/api/auth/get-session')).json()).not.toBeNull();

    const { agent: admin } = await signedIn(t, { role: 'admin' });
    const ended = await admin.post('/api/auth/admin/revoke-user-sessions', { userId: target?.id });
    expect(ended.statusCode).toBe(200);
    expect((await victim.get('/api/auth/get-session')).json()).toBeNull();
  });
});

describe('password reset', () => {
  it('emails a reset link whose token sets a new password under the policy', async () => {
    await signUp('forgetful@example.test');
    const agent = authAgent(t.app);
    const requested = await agent.post('/api/auth/request-password-reset', {
      email: 'forgetful@example.test',
      redirectTo: '/?resetpassword=true',
    });
    expect(requested.statusCode).toBe(200);
    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, 'auth.reset-password'))
      .orderBy(emailOutbox.createdAt);
    const token = mail?.text.match(/reset-password\/([^?\s]+)/)?.[1];
    expect(token).toBeTruthy();
    const tooShort = await agent.post('/api/auth/reset-password', { token, newPassword: 'abc' });
    expect(tooShort.statusCode).toBe(400);
    const reset = await agent.post('/api/auth/reset-password', { token, newPassword: 'brand-new' });
    expect(reset.statusCode).toBe(200);
    const signIn = await authAgent(t.app).post('/api/auth/sign-in/email', {
      email: 'forgetful@example.test',
      password: 'brand-new',
    });
    expect(signIn.statusCode).toBe(200);
  });
});
