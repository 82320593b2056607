import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../db/client.ts';
import { booking } from '../../db/schema.ts';
import { addDays } from '../../lib/zoned-time.ts';
import { bookingBody, insertBooking, localIso, nextWeekday, serviceOfType, TZ } from '../../test/booking-helpers.ts';
import { signedIn } from '../../test/clients.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';
import type { Actor } from '../auth/actor.ts';
import { byService, outcomes } from './analytics.service.ts';
import { rangeOf, rowsOf } from './analytics-range.ts';
import { leadTime, medianOfBins } from './analytics-time.service.ts';

/**
 * The daily figures behind by-service, outcomes and lead time (decision 087) must give what a direct count of the diary gives
 * after bookings are made, moved, cancelled by either side, written in bulk and deleted; and the charts must read
 * them, not the bookings (their query plans name no scan of `booking`). Their sums by month (decision 096) must stay
 * the daily rows summed, so that a range with whole months gives the direct count too.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let actor: Actor;
let client: Awaited<ReturnType<typeof signedIn>>;
let swedishId: string;

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '100000', API_RATE_LIMIT_MAX: '100000' });
  admin = await signedIn(t, { role: 'admin' });
  actor = { id: admin.id, role: 'admin', email: admin.email, name: 'Admin', phone: null };
  client = await signedIn(t);
  swedishId = (await serviceOfType(t, 'swedish')).id;
});
afterAll(() => t.close());

const first = nextWeekday(3, 40);
const range = { from: addDays(first, -7), to: addDays(first, 21) };

/** A range around the bookings wide enough to hold whole months, read from the monthly rows (decision 096). */
const wide = { from: addDays(first, -45), to: addDays(first, 60) };

async function expectMonthsExact(timeZone = TZ) {
  expect(await charted(timeZone, wide.from, wide.to)).toEqual(await direct(timeZone, wide.from, wide.to));
  const months = rowsOf(
    await t.db.execute(sql`
      select to_char(month, 'YYYY-MM-DD') as month, style, type, status, cancelled_by, bookings
        from booking_figures_month where bookings <> 0 order by 1, 2, 3, 4, 5`),
  );
  const summed = rowsOf(
    await t.db.execute(sql`
      select to_char(date_trunc('month', day::timestamp), 'YYYY-MM-DD') as month, style, type, status, cancelled_by,
             sum(bookings)::int as bookings
        from booking_figures group by 1, 2, 3, 4, 5 having sum(bookings) <> 0 order by 1, 2, 3, 4, 5`),
  );
  expect(months).toEqual(summed);
  expect(months.length).toBeGreaterThan(0);
}

/** The figures as the bookings themselves give them: the charts' queries before decision 087. */
async function direct(timeZone: string, from = range.from, to = range.to) {
  const { start, end } = rangeOf(from, to, timeZone);
  const inRange = sql`b.starts_at >= ${start} and b.starts_at < ${end}`;
  const services = rowsOf<{ style: string; type: string; bookings: number; completed: number }>(
    await t.db.execute(sql`
      select b.style, b.type,
             count(*) filter (where b.status <> 'cancelled')::int as bookings,
             count(*) filter (where b.status = 'completed')::int as completed
        from booking b where ${inRange} group by 1, 2`),
  )
    .filter((row) => row.bookings || row.completed)
    .map((row) => ({ style: row.style, type: row.type, bookings: row.bookings, completed: row.completed }))
    .sort((a, b) => a.type.localeCompare(b.type));
  const [outcome] = rowsOf<Record<string, number>>(
    await t.db.execute(sql`
      select count(*)::int as bookings,
             count(*) filter (where b.status = 'completed')::int as completed,
             count(*) filter (where b.status = 'no_show')::int as "noShows",
             count(*) filter (where b.status = 'cancelled' and b.cancelled_by = 'client')::int as "cancelledByClient",
             count(*) filter (where b.status = 'cancelled' and coalesce(b.cancelled_by, 'business') = 'business')::int
               as "cancelledByBusiness"
        from booking b where ${inRange}`),
  );
  const leads = rowsOf<{ days: number; bin: number }>(
    await t.db.execute(sql`
      select (b.starts_at at time zone ${timeZone})::date - (b.created_at at time zone ${timeZone})::date as days,
             floor(greatest(0, extract(epoch from b.starts_at - b.created_at)) / 864)::int as bin
        from booking b where ${inRange} and b.status <> 'cancelled'`),
  );
  const band = (days: number) =>
    days <= 0
      ? 'same_day'
      : days <= 2
        ? '1_2'
        : days <= 7
          ? '3_7'
          : days <= 14
            ? '8_14'
            : days <= 30
              ? '15_30'
              : 'over_30';
  const bands: Record<string, number> = {};
  const bins = new Map<number, number>();
  for (const lead of leads) {
    bands[band(Number(lead.days))] = (bands[band(Number(lead.days))] ?? 0) + 1;
    bins.set(Number(lead.bin), (bins.get(Number(lead.bin)) ?? 0) + 1);
  }
  return { services, outcome, lead: { bands, medianDays: medianOfBins([...bins], leads.length) } };
}

/** The same figures as the three charts answer them. */
async function charted(timeZone: string, from = range.from, to = range.to, db: DbOrTx = t.db) {
  const query = { from, to };
  const [services, outcome, lead] = await Promise.all([
    byService({ db, timeZone }, { actor, query }),
    outcomes({ db, timeZone }, { actor, query }),
    leadTime({ db, timeZone }, { actor, query }),
  ]);
  return {
    services: services.services
      .filter((figure) => figure.bookings || figure.completed)
      .map((figure) => ({
        style: figure.style,
        type: figure.type,
        bookings: figure.bookings,
        completed: figure.completed,
      }))
      .sort((a, b) => (a.type ?? '').localeCompare(b.type ?? '')),
    outcome: {
      bookings: outcome.bookings,
      completed: outcome.completed,
      noShows: outcome.noShows,
      cancelledByClient: outcome.cancelledByClient,
      cancelledByBusiness: outcome.cancelledByBusiness,
    },
    lead: {
      bands: Object.fromEntries(lead.bands.filter((band) => band.bookings).map((band) => [band.band, band.bookings])),
      medianDays: lead.medianDays,
    },
  };
}

describe('bookings per day, service and outcome', () => {
  it('give the direct count after bookings are made, moved, cancelled by either side, written in bulk and deleted', async () => {
    // Already in the diary before the figures are first built: counted when they are.
    await insertBooking(t, {
      type: 'swedish',
      status: 'completed',
      startsAt: new Date(localIso(addDays(first, -7), '10:00')),
      client,
    });
    expect(await charted(TZ)).toEqual(await direct(TZ));
    await expectMonthsExact();

    const made = [];
    for (const time of ['10:00', '12:00', '14:00', '16:00']) {
      const response = await client.call('POST', '/api/bookings', bookingBody(swedishId, localIso(first, time)));
      expect(response.statusCode, response.body).toBe(201);
      made.push(response.json());
    }
    expect(await charted(TZ)).toEqual(await direct(TZ));
    await expectMonthsExact();

    const moved = await client.call('POST', `/api/bookings/${made[0].id}/reschedule`, {
      startsAt: localIso(addDays(first, 1), '11:00'),
      version: made[0].version,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const byClient = await client.call('POST', `/api/bookings/${made[1].id}/cancel`, { reason: 'Away' });
    expect(byClient.statusCode, byClient.body).toBe(200);
    const byOwner = await admin.call('POST', `/api/admin/bookings/${made[2].id}/cancel`, {
      reason: 'Therapist ill',
      notifyClient: false,
      refund: false,
    });
    expect(byOwner.statusCode, byOwner.body).toBe(200);
    const figures = await charted(TZ);
    expect(figures).toEqual(await direct(TZ));
    expect(figures.outcome).toMatchObject({ completed: 1, cancelledByClient: 1, cancelledByBusiness: 1 });
    await expectMonthsExact();

    // Several rows in one statement, statuses and who cancelled changed in bulk, a booking deleted.
    await t.db.execute(sql`
      insert into booking (client_id, service_id, service_name, style, type, duration_minutes, price_pence,
                           starts_at, ends_at, occupied_until, status, client_name)
      select ${client.id}, ${swedishId}, 'Swedish massage', 'therapeutic', 'swedish', 60, 7000,
             s, s + interval '1 hour', s + interval '75 minutes', 'cancelled', 'Bulk figures'
        from generate_series(${localIso(addDays(first, 3), '09:00')}::timestamptz,
                             ${localIso(addDays(first, 3), '23:30')}::timestamptz, interval '30 minutes') s`);
    await t.db.execute(sql`
      update booking set status = 'no_show'
       where client_name = 'Bulk figures' and starts_at < ${localIso(addDays(first, 3), '12:00')}`);
    await t.db.execute(sql`
      update booking set cancelled_by = 'client'
       where client_name = 'Bulk figures' and starts_at >= ${localIso(addDays(first, 3), '20:00')}`);
    await t.db.execute(sql`
      delete from booking where client_name = 'Bulk figures' and starts_at >= ${localIso(addDays(first, 3), '23:00')}`);
    const bulk = await charted(TZ);
    expect(bulk).toEqual(await direct(TZ));
    expect(bulk.outcome.noShows).toBe(6);
    await expectMonthsExact();

    // A change the transaction takes back leaves them as they were.
    await expect(
      t.db.transaction(async (tx) => {
        await tx.update(booking).set({ status: 'completed' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await charted(TZ)).toEqual(bulk);
    await expectMonthsExact();
  });

  it('count on the clock of the time zone asked for, rebuilt when that zone changes', async () => {
    // 00:30 in London is still the day before in New York: a one-day range tells the two apart.
    await insertBooking(t, {
      type: 'swedish',
      status: 'no_show',
      startsAt: new Date(localIso(addDays(first, 5), '00:30')),
      client,
    });
    const day = addDays(first, 4);
    const newYork = await charted('America/New_York', day, day);
    expect(newYork).toEqual(await direct('America/New_York', day, day));
    expect(newYork.outcome.noShows).toBe(1);
    expect(await charted(TZ, day, day)).toEqual(await direct(TZ, day, day));
    expect((await charted(TZ, day, day)).outcome.noShows).toBe(0);
    // Rebuilt in another zone, the months are counted again with the days.
    await expectMonthsExact('America/New_York');
    await expectMonthsExact();
  });

  it('are what the charts read: no plan of theirs scans the bookings', async () => {
    // Every statement the three charts send, planned by the database itself.
    const sent: SQL[] = [];
    const watched = new Proxy(t.db, {
      get(target, property, receiver) {
        if (property === 'execute')
          return (query: SQL) => {
            sent.push(query);
            return target.execute(query);
          };
        const value = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    await charted(TZ, wide.from, wide.to, watched);
    const plans: string[] = [];
    for (const query of sent.filter((statement) => !/booking_figures_rebuild/.test(JSON.stringify(statement)))) {
      const plan = rowsOf<Record<string, string>>(await t.db.execute(sql`explain ${query}`));
      plans.push(plan.map((row) => Object.values(row)[0]).join('\n'));
    }
    const all = plans.join('\n');
    expect(all).toMatch(/on booking_figures(?![_\w])/);
    expect(all).toMatch(/on booking_figures_month/);
    expect(all).toMatch(/on journal_month/);
    expect(all).toMatch(/on booking_lead l/);
    expect(all).not.toMatch(/on booking(?![_\w])/);
  });
});
