/**
 * The sweep of payment holds, as the server runs it: two app instances on one database start their jobs with a sweep
 * every second (PAYMENT_HOLD_SWEEP_S), and a booking whose hold has run out gives its time back within a few seconds,
 * once, with one sweep job per second of the clock however many instances ask for it.
 */
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../../app.ts';
import type { AppContext } from '../../app-context.ts';
import { booking, onlinePayment } from '../../db/schema.ts';
import { bookingBody, localIso, nextWeekday, serviceOfType } from '../../test/booking-helpers.ts';
import { signedIn } from '../../test/clients.ts';
import { waitFor } from '../../test/smtp-peer.ts';
import { type StripePeer, startStripePeer } from '../../test/stripe-peer.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';

let peer: StripePeer;
let t: TestApp;
let second: AppContext;

beforeAll(async () => {
  peer = await startStripePeer({ secretKey: 'sk_test_peerkey', webhookSecret: 'whsec_peersecret' });
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '10000', PAYMENT_HOLD_SWEEP_S: '1', ...peer.env() });
  peer.deliverTo(
    async (payload, headers) =>
      (await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload, headers })).statusCode,
  );
  second = await createContext(t.context.env, {
    database: { ...t.context.database, close: async () => {} },
    logger: pino({ level: 'silent' }),
  });
  const owner = await signedIn(t, { role: 'admin' });
  const policy = await owner.call('PUT', '/api/admin/payments/policy', {
    therapeutic: { newClient: { kind: 'deposit_fixed', amountPence: 2000 }, returningClient: { kind: 'none' } },
    sensual: { newClient: { kind: 'none' }, returningClient: { kind: 'none' } },
    freeCancellationHours: 24,
  });
  expect(policy.statusCode, policy.body).toBe(200);
});
afterAll(async () => {
  await second.close();
  await t.close();
  await peer.close();
});

async function statusOf(id: string) {
  const [row] = await t.db.select({ status: booking.status }).from(booking).where(eq(booking.id, id));
  return row?.status;
}

describe('the sweep of payment holds', () => {
  it('releases a hold that ran out within seconds when PAYMENT_HOLD_SWEEP_S is short, one sweep per slot for two instances', async () => {
    const client = await signedIn(t);
    const swedish = await serviceOfType(t, 'swedish');
    const made = await client.call('POST', '/api/bookings', bookingBody(swedish.id, localIso(nextWeekday(2), '12:00')));
    expect(made.statusCode, made.body).toBe(201);
    const id: string = made.json().id;
    expect(await statusOf(id)).toBe('awaiting_payment');

    await Promise.all([t.context.startJobs(), second.startJobs()]);
    // Still held: the sweeps that run find nothing to release.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await statusOf(id)).toBe('awaiting_payment');

    // The hold runs out now (rather than after PAYMENT_HOLD_S): the next sweeps release it.
    await t.db
      .update(onlinePayment)
      .set({ holdExpiresAt: new Date(Date.now() - 1_000) })
      .where(eq(onlinePayment.bookingId, id));
    await waitFor(async () => (await statusOf(id)) === 'cancelled', 10_000);

    const result = await t.db.execute(sql`
      select singleton_on, count(*)::int as jobs from pgboss.job
      where name = 'booking-payment-holds' group by singleton_on`);
    const slots = (result as unknown as { rows: { singleton_on: Date | null; jobs: number }[] }).rows;
    expect(slots.length).toBeGreaterThanOrEqual(2);
    expect(slots.every((slot) => slot.singleton_on !== null && slot.jobs === 1)).toBe(true);
    // No cron schedule beside the timers: it would add a sweep of its own every minute.
    const schedules = await t.db.execute(sql`select name from pgboss.schedule where name = 'booking-payment-holds'`);
    expect((schedules as unknown as { rows: unknown[] }).rows).toEqual([]);
  });
});
