// Screening new clients (issue 28, part 3): the owner's questions, a new client's answers, and private reasons.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { booking as bookingTable, emailOutbox, user } from '../../db/schema.ts';
import { bookingBody, insertBooking, localIso, nextWeekday, serviceOfType } from '../../test/booking-helpers.ts';
import { signedIn } from '../../test/clients.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '100000', API_RATE_LIMIT_MAX: '100000' });
  owner = await signedIn(t, { role: 'admin' });
});
afterAll(async () => {
  await t.close();
});

let offset = 0;
/** A request of its own in the diary, weeks ahead, so no two tests share a time. */
async function request(client: { id: string; email: string }) {
  offset += 1;
  const startsAt = new Date(Date.now() + 20 * 86_400_000 + offset * 7_200_000);
  return insertBooking(t, { type: 'swedish', status: 'pending', startsAt, client });
}

const QUESTIONS = {
  questions: [
    { id: 'found', label: 'How did you find us?', kind: 'choice', options: ['Google', 'A friend', 'Instagram'] },
    { id: 'referrer', label: 'Who referred you?', kind: 'text' },
  ],
  requireVerifiedEmail: false,
};

describe('screening questions', () => {
  it('are the owner to choose: bad input is refused with a reason and changes nothing; no one else may', async () => {
    expect((await owner.call('PUT', '/api/admin/records/screening', QUESTIONS)).statusCode).toBe(200);
    const bad = await owner.call('PUT', '/api/admin/records/screening', {
      questions: [{ id: 'x', label: 'Pick', kind: 'choice', options: ['Only one'] }],
      requireVerifiedEmail: false,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('at least two options');
    expect((await owner.call('GET', '/api/admin/records/screening')).json()).toMatchObject({
      questions: [{ id: 'found' }, { id: 'referrer' }],
    });
    for (const person of [await signedIn(t), await signedIn(t, { role: 'lodger' })]) {
      expect((await person.call('GET', '/api/admin/records/screening')).statusCode).toBe(403);
      expect((await person.call('PUT', '/api/admin/records/screening', QUESTIONS)).statusCode).toBe(403);
    }
  });

  it('are answered once by a new client for their own request, and shown to the owner on the booking sheet', async () => {
    expect((await owner.call('PUT', '/api/admin/records/screening', QUESTIONS)).statusCode).toBe(200);
    const client = await signedIn(t);
    const booking = await request(client);
    const asked = await client.call('GET', `/api/records/bookings/${booking.id}/screening`);
    expect(asked.json()).toMatchObject({
      questions: [{ label: 'How did you find us?' }, { label: 'Who referred you?' }],
    });

    const url = `/api/records/bookings/${booking.id}/screening`;
    const offPiste = await client.call('POST', url, { answers: { found: 'A billboard' } });
    expect(offPiste.statusCode).toBe(400);
    const stranger = await signedIn(t);
    expect((await stranger.call('POST', url, { answers: { found: 'Google' } })).statusCode).toBe(404);
    expect((await client.call('POST', url, { answers: { found: 'A friend', referrer: 'Jo Bloggs' } })).statusCode).toBe(
      201,
    );
    expect((await client.call('POST', url, { answers: { found: 'Google' } })).statusCode).toBe(409);
    expect((await client.call('GET', url)).json()).toEqual({ questions: [] });

    const known = await owner.call('GET', `/api/admin/records/bookings/${booking.id}/known`);
    expect(known.json().screeningAnswers).toEqual([
      { label: 'How did you find us?', answer: 'A friend' },
      { label: 'Who referred you?', answer: 'Jo Bloggs' },
    ]);
  });
});

describe('the verification gate', () => {
  it('takes no request from a new client until their email is confirmed, and says so; once confirmed it is taken', async () => {
    const gate = (on: boolean) =>
      owner.call('PUT', '/api/admin/records/screening', { questions: [], requireVerifiedEmail: on });
    expect((await gate(true)).statusCode).toBe(200);
    try {
      const client = await signedIn(t);
      await t.db.update(user).set({ emailVerified: false }).where(eq(user.id, client.id));
      const swedish = await serviceOfType(t, 'swedish');
      const body = bookingBody(swedish.id, localIso(nextWeekday(4, 40 + (offset++ % 20)), '15:00'));
      const held = await client.call('POST', '/api/bookings', body);
      expect(held.statusCode).toBe(403);
      expect(held.body).toContain('confirm your email address first');
      expect(await t.db.select().from(bookingTable).where(eq(bookingTable.clientId, client.id))).toHaveLength(0);

      await t.db.update(user).set({ emailVerified: true }).where(eq(user.id, client.id));
      expect((await client.call('POST', '/api/bookings', body)).statusCode).toBe(201);
    } finally {
      expect((await gate(false)).statusCode).toBe(200);
    }
  });
});

describe('private reasons for a decline and a block', () => {
  it('are kept for the owner, while the client is emailed only the reason meant for them', async () => {
    const client = await signedIn(t);
    const booking = await request(client);
    const PRIVATE = `Rude on the phone ${Math.random().toString(36).slice(2)}`;
    const declined = await owner.call('POST', `/api/admin/bookings/${booking.id}/decline`, {
      reason: 'I am fully booked that week, sorry.',
      privateReason: PRIVATE,
    });
    expect(declined.statusCode).toBe(200);
    expect(declined.body).not.toContain(PRIVATE);

    const known = await owner.call('GET', `/api/admin/records/bookings/${booking.id}/known`);
    expect(known.json().privateReasons).toMatchObject([{ kind: 'declined', reason: PRIVATE, bookingId: booking.id }]);

    const mail = await t.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, client.email));
    expect(JSON.stringify(mail)).toContain('fully booked that week');
    expect(JSON.stringify(mail)).not.toContain(PRIVATE);
    for (const url of ['/api/bookings', `/api/bookings/${booking.id}`, '/api/account/export']) {
      const answer = await client.call('GET', url);
      expect(answer.statusCode).toBe(200);
      expect(answer.body).not.toContain(PRIVATE);
    }
  });

  it("a block keeps its private reason, shown beside the client's request and never to them", async () => {
    const client = await signedIn(t);
    const earlier = await request(client);
    const PRIVATE = `Asked for extras ${Math.random().toString(36).slice(2)}`;
    const blocked = await owner.call('PUT', `/api/admin/customers/${client.id}/policy`, {
      policy: 'blocked',
      privateReason: PRIVATE,
    });
    expect(blocked.statusCode).toBe(200);
    const tooLong = await owner.call('PUT', `/api/admin/customers/${client.id}/policy`, {
      policy: 'blocked',
      privateReason: 'x'.repeat(1001),
    });
    expect(tooLong.statusCode).toBe(400);

    const known = await owner.call('GET', `/api/admin/records/bookings/${earlier.id}/known`);
    expect(known.json()).toMatchObject({ policy: 'blocked', privateReasons: [{ kind: 'blocked', reason: PRIVATE }] });
    expect(known.json().privateReasons).toHaveLength(1);
    const onTheirSheet = await owner.call('GET', `/api/admin/records/clients/${client.id}/private-reasons`);
    expect(onTheirSheet.json()).toMatchObject({ reasons: [{ kind: 'blocked', reason: PRIVATE }] });

    const lodger = await signedIn(t, { role: 'lodger' });
    expect((await lodger.call('GET', `/api/admin/records/bookings/${earlier.id}/known`)).statusCode).toBe(403);
    expect((await client.call('GET', `/api/admin/records/clients/${client.id}/private-reasons`)).statusCode).toBe(403);
    for (const url of ['/api/bookings', `/api/bookings/${earlier.id}`, '/api/account/export']) {
      const answer = await client.call('GET', url);
      expect(answer.statusCode).toBe(200);
      expect(answer.body).not.toContain(PRIVATE);
    }
    const mail = await t.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, client.email));
    expect(JSON.stringify(mail)).not.toContain(PRIVATE);
  });
});
