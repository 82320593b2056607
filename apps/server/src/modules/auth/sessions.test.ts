import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../test/clients.ts';
import { authAgent, createTestApp, type TestApp } from '../../test/test-context.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '10000' });
});
afterAll(() => t.close());

describe('signed-in devices', () => {
  it('lists only the person’s own sessions with address and browser, and signs one or all others out', async () => {
    const client = await signedIn(t, { role: 'user' });
    const phone = authAgent(t.app);
    await phone.post('/api/auth/sign-in/email', { email: client.email, password: client.password });
    const tablet = authAgent(t.app);
    await tablet.post('/api/auth/sign-in/email', { email: client.email, password: client.password });
    const stranger = await signedIn(t, { role: 'user' });

    const listed = await client.agent.get('/api/auth/list-sessions');
    expect(listed.statusCode).toBe(200);
    const sessions = listed.json() as { id: string; token: string; ipAddress: string; userId: string }[];
    expect(sessions).toHaveLength(3);
    expect(sessions.every((s) => s.userId === client.id && s.ipAddress === '127.0.0.1')).toBe(true);

    // Another person's session token cannot be revoked by this client.
    const strangerSessions = (await stranger.agent.get('/api/auth/list-sessions')).json() as { token: string }[];
    await client.agent.post('/api/auth/revoke-session', { token: strangerSessions[0]?.token });
    expect((await stranger.agent.get('/api/auth/get-session')).json()).not.toBeNull();

    const phoneToken = decodeURIComponent(phone.cookies['better-auth.session_token'] ?? '').split('.')[0];
    expect((await client.agent.post('/api/auth/revoke-session', { token: phoneToken })).statusCode).toBe(200);
    expect((await phone.get('/api/auth/get-session')).json()).toBeNull();
    expect((await tablet.get('/api/auth/get-session')).json()).not.toBeNull();

    expect((await client.agent.post('/api/auth/revoke-other-sessions')).statusCode).toBe(200);
    expect((await tablet.get('/api/auth/get-session')).json()).toBeNull();
    expect((await client.agent.get('/api/auth/get-session')).json()).not.toBeNull();
    expect((await client.agent.get('/api/auth/list-sessions')).json()).toHaveLength(1);
  });
});
