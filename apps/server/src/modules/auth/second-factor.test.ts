import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoFactor, user } from '../../db/schema.ts';
import { enrolTotp, signedIn, signInWithSecondFactor } from '../../test/clients.ts';
import { authAgent, createTestApp, type TestApp } from '../../test/test-context.ts';
import { totpCode, unusedTotpCode } from '../../test/totp.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '10000' });
});
afterAll(() => t.close());

describe('an admin without a second factor', () => {
  it('is refused every owner-only API with SECOND_FACTOR_REQUIRED until enrolled, then let in', async () => {
    const admin = await signedIn(t, { role: 'admin', secondFactor: false });
    for (const url of [
      '/api/admin/dashboard',
      '/api/admin/customers',
      '/api/availability/calendar?from=2030-01-01&to=2030-01-07',
    ]) {
      const refused = await admin.call('GET', url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().error.code, url).toBe('SECOND_FACTOR_REQUIRED');
    }
    const users = await admin.agent.get('/api/auth/admin/list-users');
    expect(users.statusCode).toBe(403);
    expect(users.json().error.code).toBe('SECOND_FACTOR_REQUIRED');

    await enrolTotp(admin.agent, admin.password);
    expect((await admin.call('GET', '/api/admin/dashboard')).statusCode).toBe(200);
    expect((await admin.agent.get('/api/auth/admin/list-users')).statusCode).toBe(200);
  });

  it('cannot turn an enrolled second factor off, while a client can', async () => {
    const admin = await signedIn(t, { role: 'admin' });
    const refused = await admin.agent.post('/api/auth/two-factor/disable', { password: admin.password });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('SECOND_FACTOR_REQUIRED');
    expect((await admin.call('GET', '/api/admin/dashboard')).statusCode).toBe(200);
    const client = await signedIn(t, { role: 'user', secondFactor: true });
    expect((await client.agent.post('/api/auth/two-factor/disable', { password: client.password })).statusCode).toBe(
      200,
    );
  });

  it('may still use the client side of the site (their own account)', async () => {
    const admin = await signedIn(t, { role: 'admin', secondFactor: false });
    expect((await admin.call('GET', '/api/bookings')).statusCode).toBe(200);
  });
});

describe('enrolling an authenticator app', () => {
  it('asks for the password, shows a secret, and turns on only once a first code is right', async () => {
    const client = await signedIn(t, { role: 'user' });
    expect((await client.agent.post('/api/auth/two-factor/enable', { password: 'wrong-one' })).statusCode).toBe(400);
    const enabled = await client.agent.post('/api/auth/two-factor/enable', { password: client.password });
    const { totpURI, backupCodes } = enabled.json();
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    expect(backupCodes).toHaveLength(10);
    // Not yet on: a sign-in asks for no code.
    const [before] = await t.db.select().from(user).where(eq(user.id, client.id));
    expect(before?.twoFactorEnabled).toBe(false);
    const wrong = await client.agent.post('/api/auth/two-factor/verify-totp', {
      code: '000000' === totpCode(totpURI) ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('INVALID_CODE');
    expect(
      (await client.agent.post('/api/auth/two-factor/verify-totp', { code: await unusedTotpCode(totpURI) })).statusCode,
    ).toBe(200);
    const [after] = await t.db.select().from(user).where(eq(user.id, client.id));
    expect(after?.twoFactorEnabled).toBe(true);
    // The secret is kept encrypted, never as the base32 the app was given.
    const [row] = await t.db.select().from(twoFactor).where(eq(twoFactor.userId, client.id));
    expect(totpURI).not.toContain(row?.secret ?? 'none');
  });
});

describe('signing in with a second factor', () => {
  it('gives no session after the password, then one after the right code', async () => {
    const admin = await signedIn(t, { role: 'admin' });
    const agent = authAgent(t.app);
    const first = await agent.post('/api/auth/sign-in/email', { email: admin.email, password: admin.password });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    expect((await agent.get('/api/auth/get-session')).json()).toBeNull();
    const verified = await agent.post('/api/auth/two-factor/verify-totp', {
      code: await unusedTotpCode(admin.totpURI ?? ''),
    });
    expect(verified.statusCode).toBe(200);
    expect((await agent.get('/api/auth/get-session')).json().user).toMatchObject({ email: admin.email, role: 'admin' });
  });

  it('refuses a wrong code with a clear error and no session, and ends the challenge after five', async () => {
    const admin = await signedIn(t, { role: 'admin' });
    const agent = authAgent(t.app);
    await agent.post('/api/auth/sign-in/email', { email: admin.email, password: admin.password });
    const right = await unusedTotpCode(admin.totpURI ?? '');
    const wrongCode = right === '123456' ? '654321' : '123456';
    for (let attempt = 1; attempt <= 5; attempt++) {
      const wrong = await agent.post('/api/auth/two-factor/verify-totp', { code: wrongCode });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().error).toMatchObject({ code: 'INVALID_CODE', message: 'Invalid code' });
    }
    const sixth = await agent.post('/api/auth/two-factor/verify-totp', { code: right });
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().error.code).toBe('TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE');
    expect((await agent.get('/api/auth/get-session')).json()).toBeNull();
  });

  it('accepts a recovery code once instead of the app', async () => {
    const admin = await signedIn(t, { role: 'admin' });
    const code = admin.backupCodes?.[0] ?? '';
    const agent = authAgent(t.app);
    await agent.post('/api/auth/sign-in/email', { email: admin.email, password: admin.password });
    const used = await agent.post('/api/auth/two-factor/verify-backup-code', { code });
    expect(used.statusCode).toBe(200);
    expect((await agent.get('/api/auth/get-session')).json().user.email).toBe(admin.email);

    const again = authAgent(t.app);
    await again.post('/api/auth/sign-in/email', { email: admin.email, password: admin.password });
    const reused = await again.post('/api/auth/two-factor/verify-backup-code', { code });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().error.code).toBe('INVALID_BACKUP_CODE');
  });

  it('skips the code for 30 days on a device the person chose to trust, and only there', async () => {
    const admin = await signedIn(t, { role: 'admin' });
    const trusted = authAgent(t.app);
    await trusted.post('/api/auth/sign-in/email', { email: admin.email, password: admin.password });
    const verified = await trusted.post('/api/auth/two-factor/verify-totp', {
      code: await unusedTotpCode(admin.totpURI ?? ''),
      trustDevice: true,
    });
    const cookie = verified.cookies.find((c) => c.name === 'better-auth.trust_device');
    expect(cookie?.maxAge).toBe(30 * 24 * 60 * 60);
    expect(cookie).toMatchObject({ httpOnly: true });
    await trusted.post('/api/auth/sign-out');

    const again = await trusted.post('/api/auth/sign-in/email', { email: admin.email, password: admin.password });
    expect(again.json().twoFactorRedirect).toBeUndefined();
    expect((await trusted.get('/api/auth/get-session')).json().user.email).toBe(admin.email);

    const elsewhere = await authAgent(t.app).post('/api/auth/sign-in/email', {
      email: admin.email,
      password: admin.password,
    });
    expect(elsewhere.json().twoFactorRedirect).toBe(true);
  });

  it('signs in again with the fixture helper (as other tests do)', async () => {
    const admin = await signedIn(t, { role: 'admin' });
    const agent = authAgent(t.app);
    const done = await signInWithSecondFactor(agent, admin.email, admin.password, admin.totpURI);
    expect(done.statusCode).toBe(200);
    expect((await agent.get('/api/auth/get-session')).json().user.twoFactorEnabled).toBe(true);
  });
});
