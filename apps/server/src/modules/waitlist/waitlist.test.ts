import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { booking, emailOutbox, waitlistEntry, waitlistFreedTime, waitlistOffer } from '../../db/schema.ts';
import { addDays } from '../../lib/zoned-time.ts';
import { localIso, nextWeekday, serviceOfType } from '../../test/booking-helpers.ts';
import { signedIn } from '../../test/clients.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';
import { claimOffer } from './claim-offer.ts';
import { offerFreedTimes } from './waitlist-offers.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let swedishId: string;

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '10000', API_RATE_LIMIT_MAX: '10000' });
  admin = await signedIn(t, { role: 'admin' });
  swedishId = (await serviceOfType(t, 'swedish')).id;
});
afterAll(() => t.close());

let customerCount = 0;

/** A confirmed phone booking for a new customer of its own. */
async function phoneBooking(date: string, time: string) {
  const email = `waitlist.booked.${++customerCount}.${Date.now()}@example.test`;
  const response = await admin.call('POST', '/api/admin/bookings', {
    serviceId: swedishId,
    durationMinutes: 60,
    startsAt: localIso(date, time),
    customer: { name: `Booked ${customerCount}`, email, phone: '+44 7700 900123' },
    idempotencyKey: crypto.randomUUID(),
  });
  expect(response.statusCode).toBe(201);
  return response.json().booking as { id: string; version: number; startsAt: string };
}

type Client = Awaited<ReturnType<typeof signedIn>>;

async function join(client: Client, body: Record<string, unknown>) {
  const response = await client.call('POST', '/api/waitlist', {
    serviceId: swedishId,
    durationMinutes: 60,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string };
}

const emailsOf = async (email: string, kind: string) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.recipient, email), eq(emailOutbox.kind, kind)));

const offersOf = (entryId: string) => t.db.select().from(waitlistOffer).where(eq(waitlistOffer.entryId, entryId));

describe('joining the waitlist', () => {
  it('asks a visitor to sign in first, and refuses days in the wrong order with a clear message', async () => {
    const date = nextWeekday(2, 20);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/waitlist',
      payload: { serviceId: swedishId, durationMinutes: 60, fromDate: date, toDate: date },
      headers: { origin: 'http://localhost:3000' },
    });
    expect(anonymous.statusCode).toBe(401);
    const client = await signedIn(t);
    const backwards = await client.call('POST', '/api/waitlist', {
      serviceId: swedishId,
      durationMinutes: 60,
      fromDate: date,
      toDate: addDays(date, -1),
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.message).toContain('The last day must not be before the first');
    const badLength = await client.call('POST', '/api/waitlist', {
      serviceId: swedishId,
      durationMinutes: 37,
      fromDate: date,
      toDate: date,
    });
    expect(badLength.statusCode).toBe(400);
  });
});

describe('a freed time offered to the waitlist', () => {
  it('offers a cancelled time by email after the cancel, and the client books it through the normal placement', async () => {
    const date = nextWeekday(3, 14);
    const made = await phoneBooking(date, '18:00');
    const evening = await signedIn(t);
    const morning = await signedIn(t);
    const entry = await join(evening, {
      fromDate: date,
      toDate: addDays(date, 7),
      days: 'weekdays',
      fromTime: '17:00',
      toTime: '20:00',
    });
    const other = await join(morning, { fromDate: date, toDate: date, fromTime: '10:00', toTime: '12:00' });

    const cancelled = await admin.call('POST', `/api/admin/bookings/${made.id}/cancel`, { notifyClient: false });
    expect(cancelled.statusCode).toBe(200);
    // The cancel only noted the time: the offer is the job's, after the commit.
    const noted = await t.db.select().from(waitlistFreedTime).where(eq(waitlistFreedTime.cause, 'cancelled'));
    expect(noted.some((f) => f.startsAt.toISOString() === made.startsAt)).toBe(true);
    expect(await emailsOf(evening.email, 'waitlist.offer')).toHaveLength(0);

    expect(await offerFreedTimes(t.context)).toBeGreaterThanOrEqual(1);
    const [offer] = await offersOf(entry.id);
    expect(offer?.startsAt.toISOString()).toBe(made.startsAt);
    expect(await offersOf(other.id)).toHaveLength(0);
    const [email] = await emailsOf(evening.email, 'waitlist.offer');
    expect(email?.text).toContain(`/waitlist/offers/${offer?.id}`);
    expect(email?.text).toContain(`/waitlist/${entry.id}`);

    const mine = await evening.call('GET', '/api/waitlist');
    expect(mine.json().entries[0].offers[0].id).toBe(offer?.id);

    const claimed = await evening.call('POST', `/api/waitlist/offers/${offer?.id}/claim`, {
      idempotencyKey: crypto.randomUUID(),
      phone: '+44 7700 900456',
    });
    expect(claimed.statusCode, claimed.body).toBe(201);
    expect(claimed.json().startsAt).toBe(made.startsAt);
    expect(claimed.json().status).toBe('confirmed');
    const [entryRow] = await t.db.select().from(waitlistEntry).where(eq(waitlistEntry.id, entry.id));
    expect(entryRow?.status).toBe('booked');
    expect(entryRow?.bookingId).toBe(claimed.json().id);
    // The normal placement sent the normal confirmation.
    expect(await emailsOf(evening.email, 'booking.confirmed')).toHaveLength(1);
  });

  it('gives the time to exactly one of 20 clients claiming at once; the 19 others are told it has gone', async () => {
    const date = nextWeekday(4, 15);
    const made = await phoneBooking(date, '15:00');
    const clients: Client[] = [];
    for (let i = 0; i < 20; i++) clients.push(await signedIn(t));
    const entries: { id: string }[] = [];
    for (const client of clients)
      entries.push(await join(client, { fromDate: date, toDate: date, fromTime: '14:00', toTime: '16:00' }));
    await admin.call('POST', `/api/admin/bookings/${made.id}/cancel`, { notifyClient: false });
    await offerFreedTimes(t.context);
    const offers = await t.db
      .select()
      .from(waitlistOffer)
      .where(
        inArray(
          waitlistOffer.entryId,
          entries.map((e) => e.id),
        ),
      );
    expect(offers).toHaveLength(20);
    expect(new Set(offers.map((o) => o.startsAt.toISOString()))).toEqual(new Set([made.startsAt]));
    // Emails queued in the order they joined.
    const queued = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, 'waitlist.offer'))
      .orderBy(asc(emailOutbox.createdAt));
    const order = clients.map((c) => queued.findIndex((q) => q.recipient === c.email));
    expect(order).toEqual([...order].sort((a, b) => a - b));

    const answers = await Promise.all(
      clients.map((client, i) => {
        const offer = offers.find((o) => o.entryId === entries[i]?.id);
        return client.call('POST', `/api/waitlist/offers/${offer?.id}/claim`, {
          idempotencyKey: crypto.randomUUID(),
          phone: '+44 7700 900789',
        });
      }),
    );
    const won = answers.filter((a) => a.statusCode === 201);
    const lost = answers.filter((a) => a.statusCode === 409);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(19);
    for (const answer of lost) expect(answer.json().error.message).toContain('this time has gone');
    const active = await t.db
      .select()
      .from(booking)
      .where(and(eq(booking.startsAt, new Date(made.startsAt)), eq(booking.status, 'confirmed')));
    expect(active).toHaveLength(1);
    const settled = await t.db
      .select()
      .from(waitlistOffer)
      .where(
        inArray(
          waitlistOffer.entryId,
          entries.map((e) => e.id),
        ),
      );
    expect(settled.filter((o) => o.status === 'claimed')).toHaveLength(1);
    expect(settled.filter((o) => o.status === 'gone')).toHaveLength(19);
    // The losers stay on the waitlist.
    const stillWaiting = await t.db
      .select()
      .from(waitlistEntry)
      .where(
        and(
          inArray(
            waitlistEntry.id,
            entries.map((e) => e.id),
          ),
          eq(waitlistEntry.status, 'waiting'),
        ),
      );
    expect(stillWaiting).toHaveLength(19);
  });

  it('tells the others by email when one client claims first', async () => {
    const date = nextWeekday(5, 16);
    const made = await phoneBooking(date, '12:00');
    const first = await signedIn(t);
    const second = await signedIn(t);
    const a = await join(first, { fromDate: date, toDate: date });
    const b = await join(second, { fromDate: date, toDate: date });
    await admin.call('POST', `/api/admin/bookings/${made.id}/cancel`, { notifyClient: false });
    await offerFreedTimes(t.context);
    const [offerA] = await offersOf(a.id);
    const [offerB] = await offersOf(b.id);
    const claimed = await first.call('POST', `/api/waitlist/offers/${offerA?.id}/claim`, {
      idempotencyKey: crypto.randomUUID(),
      phone: '+44 7700 900111',
    });
    expect(claimed.statusCode).toBe(201);
    const gone = await emailsOf(second.email, 'waitlist.gone');
    expect(gone).toHaveLength(1);
    expect(gone[0]?.text).toContain('someone else booked it first');
    const late = await second.call('POST', `/api/waitlist/offers/${offerB?.id}/claim`, {
      idempotencyKey: crypto.randomUUID(),
      phone: '+44 7700 900111',
    });
    expect(late.statusCode).toBe(409);
    // Another client's offer answers like a missing one.
    const foreign = await second.call('GET', `/api/waitlist/offers/${offerA?.id}`);
    expect(foreign.statusCode).toBe(404);
  });

  it('closes an offer at the time of its minimum notice or the owner’s period, whichever comes first', async () => {
    const date = nextWeekday(1, 17);
    const made = await phoneBooking(date, '11:00');
    const client = await signedIn(t);
    const entry = await join(client, { fromDate: date, toDate: date });
    await admin.call('PUT', '/api/admin/waitlist-settings', { offerMinutes: 30 });
    await admin.call('POST', `/api/admin/bookings/${made.id}/cancel`, { notifyClient: false });
    await offerFreedTimes(t.context);
    await admin.call('PUT', '/api/admin/waitlist-settings', { offerMinutes: 120 });
    const [offer] = await offersOf(entry.id);
    if (!offer) throw new Error('no offer');
    expect(offer.expiresAt.getTime() - offer.createdAt.getTime()).toBeLessThanOrEqual(31 * 60_000);
    const later = offer.expiresAt.getTime() + 1000;
    await expect(
      claimOffer(
        { ...t.context, now: () => later },
        {
          actor: { id: client.id, role: 'user', email: client.email, name: 'Client', phone: null },
          id: offer.id,
          input: { idempotencyKey: crypto.randomUUID() },
        },
      ),
    ).rejects.toThrow('This offer has closed');
  });

  it('notes the old time of a moved booking and a removed block, and a client who left is not offered them', async () => {
    const date = nextWeekday(2, 18);
    const made = await phoneBooking(date, '13:00');
    const client = await signedIn(t);
    const entry = await join(client, { fromDate: date, toDate: date });
    const left = await client.call('DELETE', `/api/waitlist/${entry.id}`);
    expect(left.statusCode).toBe(204);
    const moved = await admin.call('POST', `/api/admin/bookings/${made.id}/move`, {
      startsAt: localIso(date, '16:00'),
      version: made.version,
      notifyClient: false,
    });
    expect(moved.statusCode).toBe(200);
    const block = await admin.call('POST', '/api/admin/blocks', {
      startsAt: localIso(date, '18:00'),
      endsAt: localIso(date, '19:00'),
      reason: 'Errand',
    });
    const removed = await admin.call('DELETE', `/api/admin/blocks/${block.json().id}`);
    expect(removed.statusCode).toBe(204);
    const noted = await t.db.select().from(waitlistFreedTime);
    expect(noted.some((f) => f.cause === 'moved' && f.startsAt.toISOString() === made.startsAt)).toBe(true);
    expect(noted.some((f) => f.cause === 'block removed' && f.startsAt.toISOString() === localIso(date, '18:00'))).toBe(
      true,
    );
    await offerFreedTimes(t.context);
    expect(await offersOf(entry.id)).toHaveLength(0);
    expect((await client.call('GET', '/api/waitlist')).json().entries).toHaveLength(0);
  });
});

describe('who may wait', () => {
  it('refuses a client the owner blocked, and no longer offers times to one blocked after joining', async () => {
    const date = nextWeekday(4, 21);
    const blocked = await signedIn(t);
    await admin.call('PUT', `/api/admin/customers/${blocked.id}/policy`, { policy: 'blocked' });
    const refused = await blocked.call('POST', '/api/waitlist', {
      serviceId: swedishId,
      durationMinutes: 60,
      fromDate: date,
      toDate: date,
    });
    expect(refused.statusCode).toBe(403);
    const later = await signedIn(t);
    const entry = await join(later, { fromDate: date, toDate: date });
    await admin.call('PUT', `/api/admin/customers/${later.id}/policy`, { policy: 'blocked' });
    const made = await phoneBooking(date, '15:00');
    await admin.call('POST', `/api/admin/bookings/${made.id}/cancel`, { notifyClient: false });
    await offerFreedTimes(t.context);
    expect(await offersOf(entry.id)).toHaveLength(0);
  });

  it('puts the waitlist in the client’s own data download', async () => {
    const client = await signedIn(t);
    const entry = await join(client, { fromDate: nextWeekday(1, 22), toDate: nextWeekday(1, 22) });
    const data = await client.call('GET', '/api/account/export');
    expect(data.statusCode).toBe(200);
    expect(data.json().waitlist.entries.map((e: { id: string }) => e.id)).toEqual([entry.id]);
  });
});

describe('the owner’s waitlist', () => {
  it('shows who waits for a day and offers a free time by hand; other roles are refused', async () => {
    const date = nextWeekday(3, 19);
    const client = await signedIn(t);
    const entry = await join(client, { fromDate: date, toDate: addDays(date, 2) });
    const day = await admin.call('GET', `/api/admin/waitlist?date=${date}`);
    expect(day.statusCode).toBe(200);
    const listed = day.json().entries.find((e: { id: string }) => e.id === entry.id);
    expect(listed.clientEmail).toBe(client.email);

    const offered = await admin.call('POST', `/api/admin/waitlist/${entry.id}/offers`, {
      startsAt: localIso(date, '14:00'),
    });
    expect(offered.statusCode, offered.body).toBe(201);
    expect(await emailsOf(client.email, 'waitlist.offer')).toHaveLength(1);
    const notFree = await admin.call('POST', `/api/admin/waitlist/${entry.id}/offers`, {
      startsAt: localIso(date, '03:00'),
    });
    expect(notFree.statusCode).toBe(400);

    const lodger = await signedIn(t, { role: 'lodger' });
    expect((await lodger.call('GET', `/api/admin/waitlist?date=${date}`)).statusCode).toBe(403);
    expect((await client.call('GET', `/api/admin/waitlist?date=${date}`)).statusCode).toBe(403);
  });
});
