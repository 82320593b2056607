import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { appSetting, user } from '../../db/schema.ts';
import { authAgent, createTestApp, type TestApp } from '../../test/test-context.ts';
import { createUser } from '../users/users.service.ts';
import { createFirstAdmin, issueSetupLink, SETUP_LINK_KEY, setupStatus } from './first-run.service.ts';

const PUBLIC_URL = 'http://localhost:3000';
const owner = { name: 'Olga Owner', email: 'Olga@Example.test', password: 'a good password' };

// Each test starts from its own empty install (no admin), as a new owner's first start does.
let current: TestApp | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});
async function emptyInstall() {
  current = await createTestApp();
  return current;
}

function tokenOf(url: string): string {
  const parsed = new URL(url);
  expect(parsed.origin + parsed.pathname).toBe(`${PUBLIC_URL}/setup`);
  return parsed.searchParams.get('token') ?? '';
}
async function newLink(t: TestApp, now?: Date) {
  const link = await issueSetupLink(t.db, { publicUrl: PUBLIC_URL, now });
  if (link.kind !== 'new') throw new Error(`expected a new link, got ${link.kind}`);
  return { ...link, token: tokenOf(link.url) };
}
const admins = (t: TestApp) => t.db.select().from(user).where(eq(user.role, 'admin'));
const post = (t: TestApp, body: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/setup', payload: body as object, headers: { origin: PUBLIC_URL } });
const status = async (t: TestApp, token?: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/setup/status${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`,
    })
  ).json().status;

describe('first-run setup link', { timeout: 60_000 }, () => {
  it('is made once on an empty install, even by two instances starting at the same moment, and stored only as a hash', async () => {
    const t = await emptyInstall();
    const started = await Promise.all([
      issueSetupLink(t.db, { publicUrl: PUBLIC_URL }),
      issueSetupLink(t.db, { publicUrl: PUBLIC_URL }),
    ]);
    const made = started.filter((link) => link.kind === 'new');
    expect(made).toHaveLength(1);
    const link = made[0] as { url: string; expiresAt: Date };
    expect(started.filter((l) => l.kind === 'pending')).toEqual([{ kind: 'pending', expiresAt: link.expiresAt }]);
    // A later start within the hour prints nothing new.
    expect((await issueSetupLink(t.db, { publicUrl: PUBLIC_URL })).kind).toBe('pending');

    const token = tokenOf(link.url);
    expect(token.length).toBeGreaterThanOrEqual(40);
    const rows = await t.db.select().from(appSetting).where(eq(appSetting.key, SETUP_LINK_KEY));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.value).toEqual({
      hash: createHash('sha256').update(token).digest('hex'),
      expiresAt: link.expiresAt.toISOString(),
    });
    expect(JSON.stringify(rows[0])).not.toContain(token);
    expect(link.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(link.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60_000);
    expect(await status(t, token)).toBe('open');
  });

  it('refuses a missing, wrong or expired token and creates nothing; a start after expiry prints a new link', async () => {
    const t = await emptyInstall();
    const issuedAt = new Date();
    const link = await newLink(t, issuedAt);
    expect(await status(t)).toBe('invalid');
    expect(await status(t, 'not-the-token')).toBe('invalid');
    expect(await status(t, link.token.slice(0, -1))).toBe('invalid');

    const wrong = await post(t, { ...owner, token: `${link.token}x` });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.code).toBe('SETUP_LINK_INVALID');
    expect(wrong.json().error.message).toContain('Restart the server');
    const missing = await post(t, owner);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('VALIDATION');
    expect(await t.db.select().from(user)).toEqual([]);

    // An hour and a minute later the link is dead, and the next start makes a new one.
    const later = new Date(issuedAt.getTime() + 61 * 60_000);
    expect(await setupStatus(t.db, { token: link.token, now: later })).toBe('invalid');
    await expect(
      createFirstAdmin({ db: t.db, env: t.context.env }, { input: { ...owner, token: link.token }, now: later }),
    ).rejects.toMatchObject({
      code: 'SETUP_LINK_INVALID',
    });
    expect(await t.db.select().from(user)).toEqual([]);
    const renewed = await newLink(t, later);
    expect(renewed.token).not.toBe(link.token);
    expect(await setupStatus(t.db, { token: renewed.token, now: later })).toBe('open');
    expect(await setupStatus(t.db, { token: link.token, now: issuedAt })).toBe('invalid');
  });

  it('refuses a password the policy refuses and a bad email, keeping the link usable', async () => {
    const t = await emptyInstall();
    const { token } = await newLink(t);
    const weak = await post(t, { ...owner, token, password: 'abc' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.message).toContain('at least 6 characters');
    const badEmail = await post(t, { ...owner, token, email: 'not-an-email' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error.message).toContain('valid email');
    expect(await t.db.select().from(user)).toEqual([]);
    expect(await status(t, token)).toBe('open');
  });

  it('creates the admin, signs them in to enrol a second factor, and the link is dead for good', async () => {
    const t = await emptyInstall();
    const { token } = await newLink(t);
    const agent = authAgent(t.app);
    const created = await agent.post('/api/setup', { ...owner, token });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().user).toMatchObject({ email: 'olga@example.test', name: 'Olga Owner', role: 'admin' });

    const session = (await agent.get('/api/auth/get-session')).json();
    expect(session.user).toMatchObject({ email: 'olga@example.test', role: 'admin', twoFactorEnabled: false });
    const cookie = Object.entries(agent.cookies)
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
    const dashboard = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: { cookie } });
    expect(dashboard.json().error.code).toBe('SECOND_FACTOR_REQUIRED');
    const enrol = await agent.post('/api/auth/two-factor/enable', { password: owner.password });
    expect(enrol.statusCode).toBe(200);

    expect(await status(t, token)).toBe('done');
    expect(await status(t)).toBe('done');
    const again = await post(t, { ...owner, email: 'second@example.test', token });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toContain('Setup is finished');
    expect(await t.db.select().from(appSetting).where(eq(appSetting.key, SETUP_LINK_KEY))).toEqual([]);
    expect((await admins(t)).map((row) => row.email)).toEqual(['olga@example.test']);
    // Restarting the server prints no link once an admin exists.
    expect(await issueSetupLink(t.db, { publicUrl: PUBLIC_URL })).toEqual({ kind: 'admin-exists' });
  });

  it('lets exactly one of two concurrent requests with the link create an admin', async () => {
    const t = await emptyInstall();
    const { token } = await newLink(t);
    const answers = await Promise.all([
      post(t, { ...owner, token }),
      post(t, { ...owner, email: 'rival@example.test', name: 'Rival', token }),
    ]);
    const [won, lost] = [...answers].sort((a, b) => a.statusCode - b.statusCode);
    expect(won?.statusCode).toBe(201);
    // The loser finds the link used up, or the admin already made: either way it is refused.
    expect(['SETUP_LINK_INVALID', 'NOT_FOUND']).toContain(lost?.json().error.code);
    expect(await admins(t)).toHaveLength(1);
    expect(await t.db.select().from(user)).toHaveLength(1);
  });

  it('refuses an email that already has an account (a client who signed up first), creating nothing', async () => {
    const t = await emptyInstall();
    await createUser({ db: t.db, env: t.context.env }, { email: 'client@example.test', password: 'secret1' });
    const { token } = await newLink(t);
    const taken = await post(t, { ...owner, email: 'Client@example.test', token });
    expect(taken.statusCode).toBe(409);
    expect(await admins(t)).toEqual([]);
    expect(await status(t, token)).toBe('open');
  });
});
