import {
  type AnalyticsSpan,
  analyticsBucketQuery,
  analyticsRangeQuery,
  type BookingCounts,
  type BookingsOverTime,
  type ByService,
  type ClientsOverTime,
  type Outcomes,
  type ServiceFigures,
} from '@app/shared';
import { sql } from 'drizzle-orm';
import { service } from '../../db/schema.ts';
import { localDateOf } from '../../lib/zoned-time.ts';
import { type Actor, requireRole } from '../auth/actor.ts';
import {
  type AnalyticsDeps,
  bookingFiguresOf,
  bucketOfStart,
  bucketsOf,
  type ChartRequest,
  chartQuery,
  dayText,
  inRange,
  journalOf,
  rate,
  rowsOf,
} from './analytics-range.ts';

// The charts of bookings, clients and revenue (the diary's time is in analytics-time.service.ts).

/**
 * Makes sure `booking_day` counts in this time zone: triggers keep it exact from then on (decision 030). Built on
 * first use, and again only if the business's time zone changes.
 */
export async function ensureBookingDaySummary({ db, timeZone }: AnalyticsDeps) {
  const zone = rowsOf<{ time_zone: string }>(await db.execute(sql`select time_zone from booking_day_zone`))[0];
  if (zone?.time_zone !== timeZone) await db.execute(sql`select booking_day_rebuild(${timeZone})`);
}

/**
 * The same for `booking_figures` (bookings per day, service and outcome, decision 087), behind by-service and
 * outcomes.
 */
export async function ensureBookingFigures({ db, timeZone }: AnalyticsDeps) {
  const zone = rowsOf<{ time_zone: string }>(await db.execute(sql`select time_zone from booking_figures_zone`))[0];
  if (zone?.time_zone !== timeZone) await db.execute(sql`select booking_figures_rebuild(${timeZone})`);
}

export async function bookingsOverTime(
  { db, timeZone }: AnalyticsDeps,
  request: ChartRequest,
): Promise<BookingsOverTime> {
  const { q, range } = chartQuery(analyticsBucketQuery, timeZone, request);
  type CountRow = { key: string } & Record<keyof BookingCounts, number>;
  await ensureBookingDaySummary({ db, timeZone });
  const [counts, revenue] = await Promise.all([
    // From the daily summary (decision 030): a few rows a day instead of every booking of the range.
    db.execute(sql`
      select ${dayText(sql`g.bucket`)} as key, g.* from (
        select date_trunc(${q.bucket}, d.day::timestamp) as bucket,
               coalesce(sum(d.bookings) filter (where d.status = 'pending'), 0)::int as "pending",
               coalesce(sum(d.bookings) filter (where d.status = 'confirmed'), 0)::int as "confirmed",
               coalesce(sum(d.bookings) filter (where d.status = 'completed'), 0)::int as "completed",
               coalesce(sum(d.bookings) filter (where d.status = 'no_show'), 0)::int as "noShow",
               coalesce(sum(d.bookings) filter (where d.status = 'cancelled'), 0)::int as "cancelled"
          from booking_day d
         where d.day >= ${range.from} and d.day <= ${range.to}
         group by 1) g`),
    db.execute(sql`
      select ${dayText(sql`date_trunc(${q.bucket}, g.date::timestamp)`)} as key, sum(g.pence)::bigint as pence from (
        select l.date, sum(l.credit_pence - l.debit_pence) as pence
          from journal_day l
         where l.account_code in (select code from ledger_account where kind = 'income')
           and l.date >= ${range.from} and l.date <= ${range.to}
         group by l.date) g
       group by 1`),
  ]);
  const countsByKey = new Map(rowsOf<CountRow>(counts).map((row) => [row.key, row]));
  const revenueByKey = new Map(rowsOf<{ key: string; pence: string }>(revenue).map((r) => [r.key, Number(r.pence)]));
  const totals = { pending: 0, confirmed: 0, completed: 0, noShow: 0, cancelled: 0, total: 0, revenuePence: 0 };
  const points = bucketsOf(range, q.bucket).map(({ key, start }) => {
    const row = countsByKey.get(key);
    const point = {
      start,
      pending: Number(row?.pending ?? 0),
      confirmed: Number(row?.confirmed ?? 0),
      completed: Number(row?.completed ?? 0),
      noShow: Number(row?.noShow ?? 0),
      cancelled: Number(row?.cancelled ?? 0),
      total: 0,
      revenuePence: revenueByKey.get(key) ?? 0,
    };
    point.total = point.pending + point.confirmed + point.completed + point.noShow + point.cancelled;
    for (const field of Object.keys(totals) as (keyof typeof totals)[]) totals[field] += point[field];
    return point;
  });
  return { bucket: q.bucket, points, totals };
}

export async function byService({ db, timeZone }: AnalyticsDeps, request: ChartRequest): Promise<ByService> {
  const { range } = chartQuery(analyticsRangeQuery, timeZone, request);
  await ensureBookingFigures({ db, timeZone });
  const [counts, revenue, catalogue] = await Promise.all([
    // From the figures by month and day (decisions 087, 096): a few hundred rows instead of every booking.
    db.execute(sql`
      select f.style, f.type,
             coalesce(sum(f.bookings) filter (where f.status <> 'cancelled'), 0)::int as bookings,
             coalesce(sum(f.bookings) filter (where f.status = 'completed'), 0)::int as completed
        from ${bookingFiguresOf(range)}
       group by f.style, f.type`),
    db.execute(sql`
      select l.style, l.service_type as type, sum(l.credit_pence - l.debit_pence)::bigint as pence
        from ${journalOf(range)}
       where l.account_code in (select code from ledger_account where kind = 'income')
       group by l.style, l.service_type`),
    db.select({ type: service.type, name: service.name, sortOrder: service.sortOrder }).from(service),
  ]);
  type Row = { style: ServiceFigures['style']; type: string | null };
  const names = new Map(catalogue.map((s) => [s.type, s]));
  const figures = new Map<string, ServiceFigures>();
  const figureOf = (style: ServiceFigures['style'], type: string | null) => {
    const key = `${style ?? ''}/${type ?? ''}`;
    let figure = figures.get(key);
    if (!figure) {
      const fallback = type === null ? 'Other income' : type;
      figure = {
        style,
        type,
        name: names.get(type ?? '')?.name ?? fallback,
        bookings: 0,
        completed: 0,
        revenuePence: 0,
      };
      figures.set(key, figure);
    }
    return figure;
  };
  for (const row of rowsOf<Row & { bookings: number; completed: number }>(counts)) {
    const figure = figureOf(row.style, row.type);
    figure.bookings += Number(row.bookings);
    figure.completed += Number(row.completed);
  }
  for (const row of rowsOf<Row & { pence: string }>(revenue))
    figureOf(row.style, row.type).revenuePence += Number(row.pence);
  const order = (figure: ServiceFigures) => names.get(figure.type ?? '')?.sortOrder ?? Number.MAX_SAFE_INTEGER;
  const services = [...figures.values()]
    .filter((figure) => figure.bookings || figure.completed || figure.revenuePence)
    .sort((a, b) => order(a) - order(b) || a.name.localeCompare(b.name));
  const byStyle = new Map<string, { style: string; bookings: number; revenuePence: number }>();
  for (const figure of services) {
    const style = figure.style ?? 'other';
    const total = byStyle.get(style) ?? { style, bookings: 0, revenuePence: 0 };
    total.bookings += figure.bookings;
    total.revenuePence += figure.revenuePence;
    byStyle.set(style, total);
  }
  return { services, byStyle: [...byStyle.values()] };
}

export async function outcomes({ db, timeZone }: AnalyticsDeps, request: ChartRequest): Promise<Outcomes> {
  const { range } = chartQuery(analyticsRangeQuery, timeZone, request);
  await ensureBookingFigures({ db, timeZone });
  const [row] = rowsOf<Record<string, number>>(
    await db.execute(sql`
      select coalesce(sum(f.bookings), 0)::int as bookings,
             coalesce(sum(f.bookings) filter (where f.status = 'completed'), 0)::int as completed,
             coalesce(sum(f.bookings) filter (where f.status = 'no_show'), 0)::int as no_shows,
             coalesce(sum(f.bookings) filter (where f.status = 'cancelled' and f.cancelled_by = 'client'), 0)::int as by_client,
             coalesce(sum(f.bookings) filter (where f.status = 'cancelled' and coalesce(f.cancelled_by, 'business') = 'business'), 0)::int as by_business
        from ${bookingFiguresOf(range)}`),
  );
  const bookings = Number(row?.bookings ?? 0);
  const completed = Number(row?.completed ?? 0);
  const noShows = Number(row?.no_shows ?? 0);
  const cancelledByClient = Number(row?.by_client ?? 0);
  const cancelledByBusiness = Number(row?.by_business ?? 0);
  return {
    bookings,
    completed,
    noShows,
    cancelledByClient,
    cancelledByBusiness,
    clientCancellationRate: rate(cancelledByClient, bookings),
    businessCancellationRate: rate(cancelledByBusiness, bookings),
    noShowRate: rate(noShows, completed + noShows),
  };
}

export async function clientsOverTime(
  { db, timeZone }: AnalyticsDeps,
  request: ChartRequest,
): Promise<ClientsOverTime> {
  const { q, range } = chartQuery(analyticsBucketQuery, timeZone, request);
  // A client is new in the bucket holding their first completed-or-confirmed booking ever, and
  // returning in every other bucket in which they come: clients seen in a bucket less the new ones.
  // Two hash aggregates, no per-client lookups, so the cost follows the number of bookings alone.
  const active = sql`b.status in ('completed', 'confirmed') and b.client_id is not null`;
  const result = await db.execute(sql`
    with firsts as (
      select b.client_id, min(b.starts_at) as first_at
        from booking b
       where ${active} and b.starts_at < ${range.end}
       group by 1
    ), seen as (
      select p.bucket, count(*) as clients from (
        select ${bucketOfStart(q.bucket, timeZone)} as bucket, b.client_id
          from booking b
         where ${inRange(range)} and ${active}
         group by 1, 2) p
       group by 1
    ), news as (
      select date_trunc(${q.bucket}, f.first_at at time zone ${timeZone}) as bucket, count(*) as clients
        from firsts f
       where f.first_at >= ${range.start}
       group by 1
    )
    select ${dayText(sql`s.bucket`)} as key, coalesce(n.clients, 0)::int as "new",
           (s.clients - coalesce(n.clients, 0))::int as "returning"
      from seen s left join news n on n.bucket = s.bucket`);
  const byKey = new Map(rowsOf<{ key: string; new: number; returning: number }>(result).map((r) => [r.key, r]));
  const totals = { new: 0, returning: 0 };
  const points = bucketsOf(range, q.bucket).map(({ key, start }) => {
    const row = byKey.get(key);
    const point = { start, new: Number(row?.new ?? 0), returning: Number(row?.returning ?? 0) };
    totals.new += point.new;
    totals.returning += point.returning;
    return point;
  });
  return { bucket: q.bucket, points, totals };
}

/** The days of the first and the last booking: what "all time" means on the page. */
export async function analyticsSpan(
  { db, timeZone }: AnalyticsDeps,
  { actor }: { actor: Actor | null },
): Promise<AnalyticsSpan> {
  requireRole(actor, 'admin');
  const [row] = rowsOf<{ first: string | Date | null; last: string | Date | null }>(
    await db.execute(sql`select min(starts_at) as first, max(starts_at) as last from booking`),
  );
  const day = (value: string | Date | null | undefined) =>
    value === null || value === undefined ? null : localDateOf(new Date(value).getTime(), timeZone);
  return { first: day(row?.first), last: day(row?.last) };
}
