import { eq, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { booking, bookingEvent, businessSettings, customer, emailOutbox, service } from '../../db/schema.ts';
import { addDays, localDateOf, zonedInstant } from '../../lib/zoned-time.ts';
import { localIso, nextWeekday } from '../../test/booking-helpers.ts';
import { signedIn } from '../../test/clients.ts';
import { databaseRefusal } from '../../test/database-error.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';
import { queueDueReminders } from './booking-reminders.ts';
import { cancelBooking } from './cancel-booking.ts';

const TZ = 'Europe/London';
let t: TestApp;
let swedish: { id: string };
let sensual: { id: string };

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '10000', ADMIN_EMAIL: 'owner@example.test' });
  const serviceOfType = async (type: string) => {
    const [found] = await t.db.select().from(service).where(eq(service.type, type));
    if (!found) throw new Error(`seed service ${type} missing`);
    return found;
  };
  swedish = await serviceOfType('swedish');
  sensual = await serviceOfType('sensual');
  await t.db.update(businessSettings).set({ streetAddress: '12 Example Street, London' });
});
afterAll(() => t.close());

const local = localIso;
const signedInClient = (options: { role?: 'user' | 'admin'; sensual?: boolean } = {}) => signedIn(t, options);

const bookingInput = (startsAt: string, extra: Record<string, unknown> = {}) => ({
  serviceId: swedish.id,
  durationMinutes: 60,
  startsAt,
  name: 'Sam Client',
  phone: '+44 7700 900123',
  notes: '',
  idempotencyKey: `key-${Math.random().toString(36).slice(2)}`,
  ...extra,
});

describe('slots', () => {
  it('lists the free times of a therapeutic service, every 15 minutes in opening hours', async () => {
    const date = nextWeekday(2);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/slots?serviceId=${swedish.id}&duration=60&from=${date}&to=${date}`,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.timeZone).toBe(TZ);
    expect(body.days[0].slots[0]).toBe(local(date, '10:00'));
  });

  it('hides a sensual service from a visitor without the flag and refuses bad queries clearly', async () => {
    const date = nextWeekday(2);
    const hidden = await t.app.inject({
      method: 'GET',
      url: `/api/slots?serviceId=${sensual.id}&duration=60&from=${date}&to=${date}`,
    });
    expect(hidden.statusCode).toBe(404);
    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/slots?serviceId=${sensual.id}&duration=60&from=${date}&to=${date}`,
      headers: { cookie: 'showSensual=true' },
    });
    expect(shown.statusCode).toBe(200);
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/slots?serviceId=${swedish.id}&duration=45&from=${date}&to=${date}`,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('60, 90, 120');
  });
});

describe('booking a therapeutic massage', () => {
  it('confirms it at once, emails the client a valid .ics and tells the owner', async () => {
    const client = await signedInClient();
    const startsAt = local(nextWeekday(3), '14:00');
    const response = await client.call('POST', '/api/bookings', bookingInput(startsAt));
    expect(response.statusCode).toBe(201);
    const made = response.json();
    expect(made).toMatchObject({
      status: 'confirmed',
      pricePence: 7000,
      startsAt,
      address: '12 Example Street, London',
      changeableByClient: true,
    });

    const emails = await t.db.select().from(emailOutbox).where(sql`${emailOutbox.kind} like 'booking.%'`);
    const confirmation = emails.find((e) => e.kind === 'booking.confirmed' && e.recipient === client.email);
    expect(confirmation?.text).toContain('(Europe/London)');
    expect(emails.some((e) => e.kind === 'booking.admin-new' && e.recipient === 'owner@example.test')).toBe(true);
    const ics = Buffer.from(confirmation?.attachments[0]?.contentBase64 ?? '', 'base64').toString();
    const vevent = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent');
    if (!vevent) throw new Error('no VEVENT in the .ics');
    const event = new ICAL.Event(vevent);
    expect(event.startDate.toJSDate().toISOString()).toBe(startsAt);
    expect(event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime()).toBe(60 * 60_000);
    expect(event.location).toBe('12 Example Street, London');

    const events = await t.db.select().from(bookingEvent).where(eq(bookingEvent.bookingId, made.id));
    expect(events).toEqual([expect.objectContaining({ action: 'created', toStatus: 'confirmed', actorId: client.id })]);
  });

  it('makes one booking from a double click (same idempotency key)', async () => {
    const client = await signedInClient();
    const input = bookingInput(local(nextWeekday(3), '17:00'));
    const [first, second] = await Promise.all([
      client.call('POST', '/api/bookings', input),
      client.call('POST', '/api/bookings', input),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 201]);
    expect(first.json().id).toBe(second.json().id);
    expect(await t.db.select().from(booking).where(eq(booking.clientId, client.id))).toHaveLength(1);
  });
});

describe('refusals (nothing trusted from the browser)', () => {
  it.each([
    ['a closed day', () => local(nextWeekday(0), '14:00'), 409, 'SLOT_UNAVAILABLE'],
    ['a time off the 15-minute grid', () => local(nextWeekday(4), '14:07'), 409, 'SLOT_UNAVAILABLE'],
    ['a time after closing', () => local(nextWeekday(4), '20:30'), 409, 'SLOT_UNAVAILABLE'],
    ['a past time', () => new Date(Date.now() - 86_400_000).toISOString(), 400, 'VALIDATION'],
    [
      'too short a notice',
      () => new Date(Math.ceil((Date.now() + 30 * 60_000) / 900_000) * 900_000).toISOString(),
      400,
      'VALIDATION',
    ],
    ['beyond the horizon', () => local(addDays(localDateOf(Date.now(), TZ), 70), '14:00'), 409, 'SLOT_UNAVAILABLE'],
  ])('refuses %s', async (_label, startsAt, status, code) => {
    const client = await signedInClient();
    const response = await client.call('POST', '/api/bookings', bookingInput(startsAt()));
    expect(response.statusCode).toBe(status);
    expect(response.json().error.code).toBe(code);
    expect(await t.db.select().from(booking).where(eq(booking.clientId, client.id))).toEqual([]);
  });

  it('refuses a price picked by the client, a duration not offered and a visitor not signed in', async () => {
    const client = await signedInClient();
    const startsAt = local(nextWeekday(4), '10:00');
    const priced = await client.call('POST', '/api/bookings', bookingInput(startsAt, { pricePence: 100 }));
    expect(priced.statusCode).toBe(400);
    expect(priced.json().error.code).toBe('VALIDATION');
    const odd = await client.call('POST', '/api/bookings', bookingInput(startsAt, { durationMinutes: 45 }));
    expect(odd.statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/bookings', payload: bookingInput(startsAt) });
    expect(anonymous.statusCode).toBe(401);
    expect(
      await t.db
        .select()
        .from(booking)
        .where(eq(booking.startsAt, new Date(startsAt))),
    ).toEqual([]);
  });

  it('refuses a time taken by another booking or its buffer, offering the nearest free times', async () => {
    const first = await signedInClient();
    const second = await signedInClient();
    const date = nextWeekday(5);
    expect((await first.call('POST', '/api/bookings', bookingInput(local(date, '12:00')))).statusCode).toBe(201);
    const inBuffer = await second.call('POST', '/api/bookings', bookingInput(local(date, '11:15'))); // would end 12:15 + buffer
    expect(inBuffer.statusCode).toBe(409);
    expect(inBuffer.json().error.code).toBe('SLOT_UNAVAILABLE');
    expect(inBuffer.json().error.details.alternatives).toEqual([
      local(date, '10:15'),
      local(date, '10:30'),
      local(date, '10:45'),
    ]);
    const afterBuffer = await second.call('POST', '/api/bookings', bookingInput(local(date, '13:00')));
    expect(afterBuffer.statusCode).toBe(409); // 12:00–13:00 + 15 min buffer
    const ok = await second.call('POST', '/api/bookings', bookingInput(local(date, '13:15')));
    expect(ok.statusCode).toBe(201);
  });

  it('tells a blocked client politely to get in touch', async () => {
    const client = await signedInClient();
    await t.db.insert(customer).values({ userId: client.id, policy: 'blocked' });
    const response = await client.call('POST', '/api/bookings', bookingInput(local(nextWeekday(4), '15:00')));
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({
      code: 'CLIENT_BLOCKED',
      message: 'We cannot take this booking online. Please get in touch with us by phone or email.',
    });
  });
});

describe('sensual bookings', () => {
  it('need the flag and the 18+ confirmation, and a new client waits for approval', async () => {
    const client = await signedInClient({ sensual: true });
    const startsAt = local(nextWeekday(1), '15:00');
    const input = bookingInput(startsAt, { serviceId: sensual.id });
    const noAdult = await client.call('POST', '/api/bookings', input);
    expect(noAdult.statusCode).toBe(400);
    expect(noAdult.json().error.message).toContain('18 or over');

    const response = await client.call('POST', '/api/bookings', { ...input, adultConfirmed: true });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ status: 'pending', address: null });
    const [row] = await t.db.select().from(booking).where(eq(booking.id, response.json().id));
    expect(row?.adultConfirmedAt).toBeInstanceOf(Date);

    const admin = await signedInClient({ role: 'admin' });
    const approved = await admin.call('POST', `/api/admin/bookings/${row?.id}/approve`);
    expect(approved.statusCode).toBe(200);
    const mine = (await client.call('GET', `/api/bookings/${row?.id}`)).json();
    expect(mine).toMatchObject({ status: 'confirmed', address: '12 Example Street, London' });
    const kinds = (await t.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, client.email))).map(
      (e) => e.kind,
    );
    expect(kinds).toEqual(expect.arrayContaining(['booking.pending', 'booking.approved']));
  });

  it('are confirmed at once for a trusted client, and hidden from a visitor without the flag', async () => {
    const client = await signedInClient({ sensual: true });
    await t.db.insert(customer).values({ userId: client.id, policy: 'trusted' });
    const input = bookingInput(local(nextWeekday(1), '18:00'), { serviceId: sensual.id, adultConfirmed: true });
    expect((await client.call('POST', '/api/bookings', input)).json().status).toBe('confirmed');

    const unflagged = await signedInClient();
    const hidden = await unflagged.call('POST', '/api/bookings', {
      ...input,
      startsAt: local(nextWeekday(1), '12:00'),
    });
    expect(hidden.statusCode).toBe(404);
  });
});

describe('a client’s own bookings', () => {
  it('lists them, serves their .ics and answers 404 for another client’s booking', async () => {
    const owner = await signedInClient();
    const stranger = await signedInClient();
    const made = (await owner.call('POST', '/api/bookings', bookingInput(local(nextWeekday(2, 10), '10:00')))).json();
    const list = (await owner.call('GET', '/api/bookings')).json();
    expect(list.upcoming.map((b: { id: string }) => b.id)).toEqual([made.id]);
    const ics = await owner.call('GET', `/api/bookings/${made.id}/calendar.ics`);
    expect(ics.headers['content-type']).toContain('text/calendar');
    expect(ics.body).toContain('BEGIN:VEVENT');
    expect((await stranger.call('GET', `/api/bookings/${made.id}`)).statusCode).toBe(404);
    expect((await stranger.call('GET', `/api/bookings/${made.id}/calendar.ics`)).statusCode).toBe(404);
    expect((await stranger.call('POST', `/api/bookings/${made.id}/cancel`, {})).statusCode).toBe(404);
  });

  it('reschedules atomically; an old reschedule link cannot be used twice', async () => {
    const client = await signedInClient();
    const date = nextWeekday(3, 10);
    const made = (await client.call('POST', '/api/bookings', bookingInput(local(date, '11:00')))).json();
    const moved = await client.call('POST', `/api/bookings/${made.id}/reschedule`, {
      startsAt: local(date, '16:00'),
      version: made.version,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      startsAt: local(date, '16:00'),
      version: made.version + 1,
      status: 'confirmed',
    });
    const replay = await client.call('POST', `/api/bookings/${made.id}/reschedule`, {
      startsAt: local(date, '18:00'),
      version: made.version,
    });
    expect(replay.statusCode).toBe(409);
    expect(replay.json().error.code).toBe('CONFLICT');
    const active = await t.db
      .select()
      .from(booking)
      .where(sql`${booking.clientId} = ${client.id} and ${booking.status} in ('pending','confirmed')`);
    expect(active).toHaveLength(1);
    expect(
      (await t.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, client.email))).map((e) => e.kind),
    ).toContain('booking.rescheduled');
  });

  it('cancels before the cut-off and asks the client to call after it', async () => {
    const client = await signedInClient();
    const date = nextWeekday(4, 10);
    const early = (await client.call('POST', '/api/bookings', bookingInput(local(date, '10:00')))).json();
    const cancelled = await client.call('POST', `/api/bookings/${early.id}/cancel`, { reason: 'Away that week' });
    expect(cancelled.json()).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'client',
      cancelReason: 'Away that week',
    });

    const late = (await client.call('POST', '/api/bookings', bookingInput(local(date, '12:00')))).json();
    const actor = { id: client.id, role: 'user' as const, email: client.email, name: 'C', phone: null };
    const tooLate = cancelBooking(
      { ...t.context, now: () => Date.parse(late.startsAt) - 3 * 3_600_000 },
      { actor, id: late.id, input: {} },
    );
    await expect(tooLate).rejects.toMatchObject({ code: 'TOO_LATE_TO_CHANGE' });
    // Never 'please call us' without a number: the phone, else the email, else the confirmation email to reply to.
    const refusal = (env: Partial<typeof t.context.env>) =>
      cancelBooking(
        { ...t.context, env: { ...t.context.env, ...env }, now: () => Date.parse(late.startsAt) - 3 * 3_600_000 },
        { actor, id: late.id, input: {} },
      ).catch((error: Error) => error.message);
    expect(await refusal({ BUSINESS_PHONE: '020 7946 0000', BUSINESS_EMAIL: 'hello@example.test' })).toContain(
      'Please call us on 020 7946 0000 instead.',
    );
    expect(await refusal({ BUSINESS_PHONE: '', BUSINESS_EMAIL: 'hello@example.test' })).toContain(
      'Please email us at hello@example.test instead.',
    );
    expect(await refusal({ BUSINESS_PHONE: '', BUSINESS_EMAIL: '' })).toContain(
      'Please reply to your booking confirmation email instead.',
    );
    const history = await t.db.select().from(bookingEvent).where(eq(bookingEvent.bookingId, early.id));
    expect(history.map((e) => e.action)).toEqual(['created', 'cancelled']);
  });
});

describe('guarantees', () => {
  it('the database itself refuses two overlapping active bookings, but not a cancelled one', async () => {
    const start = new Date(zonedInstant(nextWeekday(6, 20), '10:00', TZ));
    const row = (minutes: number, status: 'confirmed' | 'cancelled') => ({
      serviceId: swedish.id,
      serviceName: 'Swedish massage',
      style: 'therapeutic' as const,
      type: 'swedish',
      durationMinutes: 60,
      pricePence: 7000,
      startsAt: new Date(start.getTime() + minutes * 60_000),
      endsAt: new Date(start.getTime() + (minutes + 60) * 60_000),
      occupiedUntil: new Date(start.getTime() + (minutes + 75) * 60_000),
      status,
      clientName: 'Direct',
    });
    await t.db.insert(booking).values(row(0, 'confirmed'));
    const refusal = await databaseRefusal(t.db.insert(booking).values(row(70, 'confirmed')));
    expect(refusal.code).toBe('23P01'); // exclusion_violation
    expect(refusal.constraint).toBe('booking_no_overlap');
    await t.db.insert(booking).values(row(30, 'cancelled'));
    await t.db.insert(booking).values(row(75, 'confirmed'));
  });

  it('gives a slot to exactly one of many clients asking at once', async () => {
    const clients = await Promise.all(Array.from({ length: 12 }, () => signedInClient()));
    const startsAt = local(nextWeekday(2, 20), '15:00');
    const responses = await Promise.all(clients.map((c) => c.call('POST', '/api/bookings', bookingInput(startsAt))));
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(11);
    const refusal = responses.find((r) => r.statusCode === 409)?.json().error;
    expect(refusal.message).toMatch(/not available|just taken/);
    expect(refusal.details.alternatives.length).toBeGreaterThan(0);
    expect(refusal.details.alternatives).not.toContain(startsAt);
    expect(
      await t.db
        .select()
        .from(booking)
        .where(eq(booking.startsAt, new Date(startsAt))),
    ).toHaveLength(1);
  });
});

describe('reminders', () => {
  it('queue one reminder 24 hours ahead, however often the job runs, naming the zone of its date', async () => {
    // A known winter date: the clock is fixed on Monday 11 January 2027 (timers still run for real).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2027-01-11T09:00:00Z') });
    try {
      const client = await signedInClient();
      const made = (await client.call('POST', '/api/bookings', bookingInput('2027-01-15T16:00:00.000Z'))).json();
      expect(made.startsAt).toBe('2027-01-15T16:00:00.000Z');
      // Not yet due 25 hours before; due 23 hours before, once only.
      expect(await queueDueReminders({ ...t.context, now: () => Date.parse(made.startsAt) - 25 * 3_600_000 })).toBe(0);
      const deps = { ...t.context, now: () => Date.parse(made.startsAt) - 23 * 3_600_000 };
      expect(await queueDueReminders(deps)).toBe(1);
      expect(await queueDueReminders(deps)).toBe(0);
      const reminders = (await t.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, client.email))).filter(
        (e) => e.kind === 'booking.reminder',
      );
      expect(reminders).toHaveLength(1);
      // Both sides of a clock change: daylight-saving.test.ts.
      expect(reminders[0]?.text).toMatch(/Friday,? 15 January 2027 at 16:00 GMT \(Europe\/London\)/);
    } finally {
      vi.useRealTimers();
    }
  });
});
