import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session } from '../../db/schema.ts';
import { signedIn } from '../../test/clients.ts';
import { authAgent, createTestApp, type TestApp } from '../../test/test-context.ts';
import { placeOfAddress } from '../account/place-of-address.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '10000' });
});
afterAll(() => t.close());

describe('signed-in devices', () => {
  it('lists only the person’s own devices by an opaque id, never a session token, and signs one or all others out', async () => {
    const client = await signedIn(t, { role: 'user' });
    const phone = authAgent(t.app);
    await phone.post('/api/auth/sign-in/email', { email: client.email, password: client.password });
    const tablet = authAgent(t.app);
    await tablet.post('/api/auth/sign-in/email', { email: client.email, password: client.password });
    const stranger = await signedIn(t, { role: 'user' });
    const tokenOf = (agent: ReturnType<typeof authAgent>) =>
      decodeURIComponent(agent.cookies['better-auth.session_token'] ?? '').split('.')[0] ?? '';

    const listed = await client.agent.get('/api/account/devices');
    expect(listed.statusCode).toBe(200);
    const { devices } = listed.json() as { devices: { id: string }[] };
    expect(devices).toHaveLength(3);
    // The token in a session cookie is the key to the account: no answer carries one.
    for (const agent of [client.agent, phone, tablet]) expect(listed.body).not.toContain(tokenOf(agent));
    expect(listed.body).not.toContain('token');
    // better-auth's own list (which answers every token) is not served.
    expect((await client.agent.get('/api/auth/list-sessions')).statusCode).toBe(404);

    // Another person's device cannot be signed out by this client.
    const strangerDevices = (await stranger.call('GET', '/api/account/devices')).json().devices as { id: string }[];
    const foreign = await client.call('DELETE', `/api/account/devices/${strangerDevices[0]?.id}`);
    expect(foreign.statusCode).toBe(404);
    expect((await stranger.agent.get('/api/auth/get-session')).json()).not.toBeNull();

    const [phoneRow] = await t.db
      .select({ id: session.id })
      .from(session)
      .where(eq(session.token, tokenOf(phone)));
    expect((await client.call('DELETE', `/api/account/devices/${phoneRow?.id}`)).statusCode).toBe(204);
    expect((await phone.get('/api/auth/get-session')).json()).toBeNull();
    expect((await tablet.get('/api/auth/get-session')).json()).not.toBeNull();
    expect((await client.call('DELETE', `/api/account/devices/${phoneRow?.id}`)).statusCode).toBe(404);
    expect((await client.call('DELETE', `/api/account/devices/${'x'.repeat(65)}`)).statusCode).toBe(400);

    expect((await client.agent.post('/api/auth/revoke-other-sessions')).statusCode).toBe(200);
    expect((await tablet.get('/api/auth/get-session')).json()).toBeNull();
    expect((await client.agent.get('/api/auth/get-session')).json()).not.toBeNull();
    expect((await client.call('GET', '/api/account/devices')).json().devices).toHaveLength(1);
  });

  it('tells the place each device signed in from, looked up offline, and never its address', async () => {
    const client = await signedIn(t, { role: 'user' });
    const phone = authAgent(t.app);
    await phone.post('/api/auth/sign-in/email', { email: client.email, password: client.password });
    const laptop = authAgent(t.app);
    await laptop.post('/api/auth/sign-in/email', { email: client.email, password: client.password });
    const tokenOf = (agent: ReturnType<typeof authAgent>) =>
      decodeURIComponent(agent.cookies['better-auth.session_token'] ?? '').split('.')[0] ?? '';
    // The phone came through a Belfast broadband address, the laptop from the office network.
    await t.db
      .update(session)
      .set({ ipAddress: '2.125.160.216' })
      .where(eq(session.token, tokenOf(phone)));
    await t.db
      .update(session)
      .set({ ipAddress: '192.168.1.20' })
      .where(eq(session.token, tokenOf(laptop)));

    const listed = await client.agent.get('/api/account/devices');
    expect(listed.statusCode).toBe(200);
    const { devices } = listed.json() as { devices: { id: string; place: string }[] };
    expect(devices.map((d) => d.place).sort()).toEqual(['Belfast, United Kingdom', 'Local network', 'This network']);
    const [phoneRow] = await t.db
      .select({ id: session.id })
      .from(session)
      .where(eq(session.token, tokenOf(phone)));
    expect(devices.find((d) => d.id === phoneRow?.id)?.place).toBe('Belfast, United Kingdom');
    expect(listed.body).not.toMatch(/2\.125\.160\.216|192\.168\.1\.20|127\.0\.0\.1|ipAddress/);
    expect((await authAgent(t.app).get('/api/account/devices')).statusCode).toBe(401);
  });

  it.each([
    ['2.125.160.216', 'Belfast, United Kingdom'],
    ['::ffff:2.125.160.216', 'Belfast, United Kingdom'],
    ['8.8.8.8', 'United States'],
    ['127.0.0.1', 'This network'],
    ['::1', 'This network'],
    ['10.1.2.3', 'Local network'],
    ['172.20.0.5', 'Local network'],
    ['fd12::1', 'Local network'],
    ['2001:db8::1', 'Unknown place'],
    ['not an address', 'Unknown place'],
    [null, 'Unknown place'],
  ])('places %s as %s', async (address, place) => {
    expect(await placeOfAddress(address, 'en-GB')).toBe(place);
  });
});
