import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { booking, service, session, user } from '../../db/schema.ts';
import { addDays, localDateOf, weekdayOf, zonedInstant } from '../../lib/zoned-time.ts';
import { signedIn } from '../../test/clients.ts';
import { authAgent, createTestApp, type TestApp } from '../../test/test-context.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '10000' });
});
afterAll(() => t.close());

let nextHour = 8; // two hours apart: a booking plus its buffer never touches the next

async function bookSomething(client: Awaited<ReturnType<typeof signedIn>>) {
  const [swedish] = await t.db.select().from(service).where(eq(service.type, 'swedish'));
  let date = addDays(localDateOf(Date.now(), 'Europe/London'), 5);
  while (weekdayOf(date) === 0) date = addDays(date, 1);
  nextHour += 2;
  const response = await client.call('POST', '/api/bookings', {
    serviceId: swedish?.id,
    durationMinutes: 60,
    startsAt: new Date(zonedInstant(date, `${nextHour}:00`, 'Europe/London')).toISOString(),
    name: 'Dana Data',
    phone: '07700 900456',
    notes: 'Sore shoulder',
    idempotencyKey: `k-${Math.random()}`,
  });
  expect(response.statusCode).toBe(201);
  return response.json();
}

describe('download my data', () => {
  it('gives the signed-in client everything held about them, and nothing to a visitor', async () => {
    const client = await signedIn(t);
    const made = await bookSomething(client);
    const response = await client.call('GET', '/api/account/export');
    expect(response.headers['content-disposition']).toContain('my-data.json');
    const data = response.json();
    expect(data.account).toMatchObject({ email: client.email, phone: '+447700900456' });
    expect(data.account).not.toHaveProperty('password');
    expect(data.bookings.map((b: { id: string }) => b.id)).toEqual([made.id]);
    expect(data.bookingHistory).toHaveLength(1);
    expect(data.emails.some((e: { kind: string }) => e.kind === 'booking.confirmed')).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/account/export' })).statusCode).toBe(401);
  });

  it('leaves out the owner’s private notes about the client, which the owner’s own export keeps', async () => {
    const client = await signedIn(t);
    const owner = await signedIn(t, { role: 'admin' });
    const made = await bookSomething(client);
    await owner.call('PUT', `/api/admin/bookings/${made.id}/notes`, { privateNotes: 'Owner only: talks a lot' });
    await owner.call('PATCH', `/api/admin/customers/${client.id}`, { privateNotes: 'Owner only: prefers mornings' });

    const own = await client.call('GET', '/api/account/export');
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('Sore shoulder');
    expect(own.body).not.toContain('Owner only');
    const owners = await owner.call('GET', `/api/admin/customers/${client.id}/export`);
    expect(owners.statusCode).toBe(200);
    expect(owners.body).toContain('Owner only: talks a lot');
    expect(owners.body).toContain('Owner only: prefers mornings');
  });
});

describe('account deletion', () => {
  it('refuses a wrong password and changes nothing', async () => {
    const client = await signedIn(t);
    const response = await client.call('POST', '/api/account/delete', { password: 'wrong-one' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('password: The password is not correct.');
    expect(await t.db.select().from(user).where(eq(user.id, client.id))).toHaveLength(1);
  });

  it('erases the person, keeps their bookings anonymised and ends their sessions', async () => {
    const client = await signedIn(t);
    const made = await bookSomething(client);
    // Signed in with a live session to begin with, so the refusal at the end is the erasure's doing.
    expect((await client.agent.get('/api/auth/get-session')).json()?.user?.email).toBe(client.email);
    expect((await t.db.select().from(session).where(eq(session.userId, client.id))).length).toBeGreaterThan(0);
    const response = await client.call('POST', '/api/account/delete', { password: 'secret1' });
    expect(response.statusCode).toBe(200);
    expect(await t.db.select().from(user).where(eq(user.id, client.id))).toEqual([]);
    expect(await t.db.select().from(session).where(eq(session.userId, client.id))).toEqual([]);
    const [kept] = await t.db.select().from(booking).where(eq(booking.id, made.id));
    expect(kept).toMatchObject({
      clientId: null,
      clientName: 'Deleted client',
      clientEmail: null,
      clientPhone: null,
      notes: '',
      pricePence: 7000,
      // an upcoming appointment is cancelled: its time is free again
      status: 'cancelled',
      cancelReason: 'Account deleted',
    });
    expect((await client.agent.get('/api/auth/get-session')).json()).toBeNull();
    const again = await authAgent(t.app).post('/api/auth/sign-in/email', { email: client.email, password: 'secret1' });
    expect(again.statusCode).toBe(401);
  });
});

describe('profile', () => {
  it('keeps a valid phone number and refuses a bad one', async () => {
    const client = await signedIn(t);
    const ok = await client.agent.post('/api/auth/update-user', { phone: '+44 20 7946 0000' });
    expect(ok.statusCode).toBe(200);
    const bad = await client.agent.post('/api/auth/update-user', { phone: 'call me maybe' });
    expect(bad.statusCode).toBe(400);
    const [row] = await t.db.select().from(user).where(eq(user.id, client.id));
    expect(row?.phone).toBe('+442079460000');
  });
});
