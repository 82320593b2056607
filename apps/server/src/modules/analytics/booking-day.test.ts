import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { booking } from '../../db/schema.ts';
import { addDays } from '../../lib/zoned-time.ts';
import { bookingBody, insertBooking, localIso, nextWeekday, serviceOfType, TZ } from '../../test/booking-helpers.ts';
import { signedIn } from '../../test/clients.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';
import type { Actor } from '../auth/actor.ts';
import { bookingsOverTime } from './analytics.service.ts';

/**
 * The daily summary behind bookings-over-time (decision 030) must equal a direct count of the diary after
 * bookings are made, moved, cancelled, written in bulk and deleted.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let client: Awaited<ReturnType<typeof signedIn>>;
let swedishId: string;

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '100000', API_RATE_LIMIT_MAX: '100000' });
  admin = await signedIn(t, { role: 'admin' });
  client = await signedIn(t);
  swedishId = (await serviceOfType(t, 'swedish')).id;
});
afterAll(() => t.close());

const first = nextWeekday(2, 20);
const range = { from: addDays(first, -7), to: addDays(first, 21) };

type Counts = Record<string, Record<string, number>>;

function put(counts: Counts, day: string, status: string, n: number) {
  counts[day] = { ...counts[day], [status]: n };
}

/** The diary counted directly: local date → status → bookings. */
async function directCounts(timeZone: string): Promise<Counts> {
  const result = await t.db.execute(sql`
    select to_char((starts_at at time zone ${timeZone})::date, 'YYYY-MM-DD') as day, status, count(*)::int as n
      from booking group by 1, 2`);
  const counts: Counts = {};
  for (const row of (result as unknown as { rows: { day: string; status: string; n: number }[] }).rows)
    put(counts, row.day, row.status, Number(row.n));
  return counts;
}

/** The chart's daily points in the same shape, zero counts left out. */
async function chartCounts(timeZone: string, from = range.from, to = range.to): Promise<Counts> {
  const actor: Actor = { id: admin.id, role: 'admin', email: admin.email, name: 'Admin', phone: null };
  const chart = await bookingsOverTime({ db: t.db, timeZone }, { actor, query: { from, to, bucket: 'day' } });
  const counts: Counts = {};
  const fields = {
    pending: 'pending',
    confirmed: 'confirmed',
    completed: 'completed',
    noShow: 'no_show',
    cancelled: 'cancelled',
  } as const;
  for (const point of chart.points)
    for (const [field, status] of Object.entries(fields)) {
      const n = point[field as keyof typeof fields];
      if (n) put(counts, point.start, status, n);
    }
  return counts;
}

/** The summary table itself, read without going through the chart (which could rebuild it). */
async function summaryCounts(): Promise<Counts> {
  const result = await t.db.execute(sql`
    select to_char(day, 'YYYY-MM-DD') as day, status, bookings from booking_day where bookings <> 0`);
  const counts: Counts = {};
  for (const row of (result as unknown as { rows: { day: string; status: string; bookings: number }[] }).rows)
    put(counts, row.day, row.status, Number(row.bookings));
  return counts;
}

describe('bookings per day summary', () => {
  it('equals a direct count after bookings are made, moved, cancelled, written in bulk and deleted', async () => {
    // Before anything: a booking already in the diary is counted when the summary is first built.
    await insertBooking(t, {
      type: 'swedish',
      status: 'completed',
      startsAt: new Date(localIso(addDays(first, -7), '10:00')),
      client,
    });
    expect(await chartCounts(TZ)).toEqual(await directCounts(TZ));

    const made = [];
    for (const time of ['10:00', '12:00', '14:00']) {
      const response = await client.call('POST', '/api/bookings', bookingBody(swedishId, localIso(first, time)));
      expect(response.statusCode, response.body).toBe(201);
      made.push(response.json());
    }
    expect(await summaryCounts()).toEqual(await directCounts(TZ));
    expect((await chartCounts(TZ))[first]).toEqual({ confirmed: 3 });

    // Moved to another day by the client, and by the owner.
    const moved = await client.call('POST', `/api/bookings/${made[0].id}/reschedule`, {
      startsAt: localIso(addDays(first, 1), '11:00'),
      version: made[0].version,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const ownerMove = await admin.call('POST', `/api/admin/bookings/${made[1].id}/move`, {
      startsAt: localIso(addDays(first, 2), '15:00'),
      version: made[1].version,
    });
    expect(ownerMove.statusCode, ownerMove.body).toBe(200);
    // Cancelled by the client.
    const cancelled = await client.call('POST', `/api/bookings/${made[2].id}/cancel`, { reason: 'Away' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await summaryCounts()).toEqual(await directCounts(TZ));
    expect(await chartCounts(TZ)).toEqual(await directCounts(TZ));
    expect((await chartCounts(TZ))[first]).toEqual({ cancelled: 1 });
    expect((await chartCounts(TZ))[addDays(first, 1)]).toEqual({ confirmed: 1 });

    // Several rows in one statement, a status changed in bulk, and a booking deleted.
    await t.db.execute(sql`
      insert into booking (client_id, service_id, service_name, style, type, duration_minutes, price_pence,
                           starts_at, ends_at, occupied_until, status, client_name)
      select ${client.id}, ${swedishId}, 'Swedish massage', 'therapeutic', 'swedish', 60, 7000,
             s, s + interval '1 hour', s + interval '75 minutes', 'cancelled', 'Bulk'
        from generate_series(${localIso(addDays(first, 3), '09:00')}::timestamptz,
                             ${localIso(addDays(first, 3), '23:30')}::timestamptz, interval '30 minutes') s`);
    await t.db.execute(
      sql`update booking set status = 'no_show' where client_name = 'Bulk' and starts_at < ${localIso(addDays(first, 3), '12:00')}`,
    );
    await t.db.execute(
      sql`delete from booking where client_name = 'Bulk' and starts_at >= ${localIso(addDays(first, 3), '23:00')}`,
    );
    expect(await summaryCounts()).toEqual(await directCounts(TZ));
    expect(await chartCounts(TZ)).toEqual(await directCounts(TZ));
    expect((await chartCounts(TZ))[addDays(first, 3)]).toEqual({ no_show: 6, cancelled: 22 });

    // A change the transaction takes back leaves the summary as it was.
    const before = await summaryCounts();
    await expect(
      t.db.transaction(async (tx) => {
        await tx.update(booking).set({ status: 'completed' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await summaryCounts()).toEqual(before);
  });

  it('counts on the clock of the time zone it is asked for, rebuilt when that zone changes', async () => {
    // 00:30 in London is still the day before in New York.
    await insertBooking(t, {
      type: 'swedish',
      status: 'confirmed',
      startsAt: new Date(localIso(addDays(first, 5), '00:30')),
      client,
    });
    const wide = { from: addDays(range.from, -1), to: addDays(range.to, 1) };
    const newYork = await chartCounts('America/New_York', wide.from, wide.to);
    expect(newYork).toEqual(await directCounts('America/New_York'));
    expect(newYork[addDays(first, 4)]?.confirmed).toBe(1);
    expect(await chartCounts(TZ, wide.from, wide.to)).toEqual(await directCounts(TZ));
  });
});
