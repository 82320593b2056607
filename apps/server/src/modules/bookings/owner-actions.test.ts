import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, blockedPeriod, booking, emailOutbox, payment } from '../../db/schema.ts';
import { localIso, nextWeekday, serviceOfType } from '../../test/booking-helpers.ts';
import { signedIn } from '../../test/clients.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let swedishId: string;

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '10000' });
  admin = await signedIn(t, { role: 'admin' });
  swedishId = (await serviceOfType(t, 'swedish')).id;
});
afterAll(() => t.close());

let customerCount = 0;

/** A confirmed phone booking for a new customer of their own, at `time` on `date`. */
async function phoneBooking(date: string, time: string) {
  const email = `owner.actions.${++customerCount}.${Date.now()}@example.test`;
  const response = await admin.call('POST', '/api/admin/bookings', {
    serviceId: swedishId,
    durationMinutes: 60,
    startsAt: localIso(date, time),
    customer: { name: `Client ${customerCount}`, email, phone: '+44 7700 900123' },
    idempotencyKey: crypto.randomUUID(),
  });
  expect(response.statusCode).toBe(201);
  return { ...(response.json().booking as { id: string; version: number; startsAt: string }), email };
}

const emailsTo = async (email: string) =>
  (await t.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, email))).map((row) => row.kind);

describe('blocking time over bookings', () => {
  it('answers with the bookings a block would fall on, and blocks only once confirmed', async () => {
    const date = nextWeekday(1, 10);
    const made = await phoneBooking(date, '11:00');
    const body = { startsAt: localIso(date, '10:30'), endsAt: localIso(date, '12:30'), reason: 'Dentist' };

    const warned = await admin.call('POST', '/api/admin/blocks', body);
    expect(warned.statusCode).toBe(409);
    expect(warned.json().error.details.bookings).toEqual([
      expect.objectContaining({ id: made.id, clientName: 'Client 1', startsAt: made.startsAt, status: 'confirmed' }),
    ]);
    const during = (await t.db.select().from(blockedPeriod)).filter((b) => b.reason === 'Dentist');
    expect(during).toHaveLength(0);

    const confirmed = await admin.call('POST', '/api/admin/blocks', { ...body, confirm: true });
    expect(confirmed.statusCode).toBe(201);
    // The booking is kept: a block does not cancel anything.
    const [kept] = await t.db.select().from(booking).where(eq(booking.id, made.id));
    expect(kept?.status).toBe('confirmed');
  });

  it('blocks free time at once', async () => {
    const date = nextWeekday(1, 10);
    const response = await admin.call('POST', '/api/admin/blocks', {
      startsAt: localIso(date, '18:00'),
      endsAt: localIso(date, '19:00'),
      reason: 'Free time',
    });
    expect(response.statusCode).toBe(201);
  });
});

describe('moving a booking', () => {
  it('emails the client the new time when asked, and says so', async () => {
    const date = nextWeekday(2, 10);
    const made = await phoneBooking(date, '10:00');
    const moved = await admin.call('POST', `/api/admin/bookings/${made.id}/move`, {
      startsAt: localIso(date, '14:00'),
      version: made.version,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().notified).toBe(true);
    expect(moved.json().booking.startsAt).toBe(localIso(date, '14:00'));
    expect(await emailsTo(made.email)).toEqual(['booking.confirmed', 'booking.rescheduled']);
  });

  it('moves without emailing when the owner says not to, and moves back the same way (an Undo)', async () => {
    const date = nextWeekday(2, 10);
    const made = await phoneBooking(date, '16:00');
    const moved = await admin.call('POST', `/api/admin/bookings/${made.id}/move`, {
      startsAt: localIso(date, '18:00'),
      version: made.version,
      notifyClient: false,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().notified).toBe(false);
    const back = await admin.call('POST', `/api/admin/bookings/${made.id}/move`, {
      startsAt: made.startsAt,
      version: moved.json().booking.version,
      notifyClient: false,
    });
    expect(back.statusCode).toBe(200);
    expect(back.json().booking.startsAt).toBe(made.startsAt);
    expect(await emailsTo(made.email)).toEqual(['booking.confirmed']);
    const history = back.json().history as { action: string; details: { notified?: boolean } }[];
    expect(history.filter((e) => e.action === 'rescheduled').map((e) => e.details.notified)).toEqual([false, false]);
  });

  it('refuses a bad switch value, naming the field', async () => {
    const date = nextWeekday(2, 10);
    const made = await phoneBooking(date, '12:00');
    const refused = await admin.call('POST', `/api/admin/bookings/${made.id}/move`, {
      startsAt: localIso(date, '19:00'),
      version: made.version,
      notifyClient: 'yes',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain('notifyClient');
  });
});

describe('cancelling and restoring', () => {
  it('cancels with an email and a refund of what was paid, when asked', async () => {
    const date = nextWeekday(3, 10);
    const made = await phoneBooking(date, '10:00');
    const paid = await admin.call('POST', `/api/admin/bookings/${made.id}/payments`, {
      amountPence: 2500,
      method: 'card',
    });
    expect(paid.statusCode).toBe(201);
    const cancelled = await admin.call('POST', `/api/admin/bookings/${made.id}/cancel`, {
      reason: 'Therapist ill',
      refund: true,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ notified: true, refundedPence: 2500 });
    expect(cancelled.json().booking).toMatchObject({ status: 'cancelled', paidPence: 0 });
    const money = await t.db.select().from(payment).where(eq(payment.bookingId, made.id));
    expect(money.map((p) => [p.kind, p.amountPence, p.method])).toEqual([
      ['payment', 2500, 'card'],
      ['refund', 2500, 'card'],
    ]);
    expect(await emailsTo(made.email)).toEqual(['booking.confirmed', 'booking.cancelled']);
  });

  it('cancels silently when asked, and restores the booking for an Undo while its time is free', async () => {
    const date = nextWeekday(3, 10);
    const made = await phoneBooking(date, '13:00');
    const cancelled = await admin.call('POST', `/api/admin/bookings/${made.id}/cancel`, { notifyClient: false });
    expect(cancelled.json()).toMatchObject({ notified: false, refundedPence: 0 });
    const restored = await admin.call('POST', `/api/admin/bookings/${made.id}/restore`, {
      version: cancelled.json().booking.version,
    });
    expect(restored.statusCode).toBe(200);
    expect(restored.json().booking).toMatchObject({ status: 'confirmed', cancelReason: null, startsAt: made.startsAt });
    expect(await emailsTo(made.email)).toEqual(['booking.confirmed']);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, made.id));
    expect(audit.map((a) => a.action)).toContain('booking.restored');
  });

  it('does not restore a booking whose time has been taken since', async () => {
    const date = nextWeekday(3, 10);
    const made = await phoneBooking(date, '16:00');
    const cancelled = await admin.call('POST', `/api/admin/bookings/${made.id}/cancel`, { notifyClient: false });
    await phoneBooking(date, '16:00');
    const refused = await admin.call('POST', `/api/admin/bookings/${made.id}/restore`, {
      version: cancelled.json().booking.version,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('SLOT_UNAVAILABLE');
    const [still] = await t.db.select().from(booking).where(eq(booking.id, made.id));
    expect(still?.status).toBe('cancelled');
  });

  it('refuses to restore a booking that is not cancelled', async () => {
    const date = nextWeekday(3, 10);
    const made = await phoneBooking(date, '19:00');
    const refused = await admin.call('POST', `/api/admin/bookings/${made.id}/restore`, { version: made.version });
    expect(refused.statusCode).toBe(409);
  });
});

describe('taking payment', () => {
  it('records what is due against the booking, and the booking shows it paid', async () => {
    const date = nextWeekday(4, 10);
    const made = await phoneBooking(date, '11:00');
    const detail = await admin.call('GET', `/api/admin/bookings/${made.id}`);
    const due = detail.json().booking.pricePence as number;
    const paid = await admin.call('POST', `/api/admin/bookings/${made.id}/payments`, {
      amountPence: due,
      method: 'cash',
    });
    expect(paid.statusCode).toBe(201);
    const after = await admin.call('GET', `/api/admin/bookings/${made.id}`);
    expect(after.json().booking.paidPence).toBe(due);
  });
});
