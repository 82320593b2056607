import {
  type AnalyticsBucket,
  type AnalyticsSpan,
  analyticsBucketQuery,
  analyticsRangeQuery,
  type BookingCounts,
  type BookingsOverTime,
  type ByService,
  type ClientsOverTime,
  type Heatmap,
  type LeadTime,
  type LeadTimeBand,
  leadTimeBands,
  type Occupancy,
  type Outcomes,
  type ServiceFigures,
} from '@app/shared';
import { and, gte, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { availabilityOverride, blockedPeriod, service } from '../../db/schema.ts';
import { parseInput } from '../../lib/validation.ts';
import { addDays, datesBetween, localDateOf, zonedInstant } from '../../lib/zoned-time.ts';
import { type Actor, requireRole } from '../auth/actor.ts';
import { getBookingRules } from '../availability/availability.service.ts';
import { type Interval, mergeIntervals, openIntervalsOfDate, type SlotRules } from '../availability/slots.ts';

/**
 * Every chart is one aggregate query over the diary (booking) or the ledger (its per-day sums, journal_day), grouped in
 * SQL on the business's clock (`AT TIME ZONE`), so five years of rows never travel to JS.
 * Revenue is what /finances calls income: credit minus debit on the income accounts, net of VAT, on
 * the ledger's accounting date. Booking charts place a booking on the local date it starts.
 */

type Range = { from: string; to: string; start: Date; end: Date };

function rangeOf(from: string, to: string, timeZone: string): Range {
  return {
    from,
    to,
    start: new Date(zonedInstant(from, '00:00', timeZone)),
    end: new Date(zonedInstant(addDays(to, 1), '00:00', timeZone)),
  };
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The first day of the bucket a date falls in: itself, its week's Monday, its month's 1st. */
export function bucketKey(date: string, bucket: AnalyticsBucket): string {
  if (bucket === 'day') return date;
  if (bucket === 'month') return `${date.slice(0, 8)}01`;
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/** Every bucket of the range in order, keyed by its first day; the first one shown from `from`. */
function bucketsOf(range: Range, bucket: AnalyticsBucket): { key: string; start: string }[] {
  const buckets: { key: string; start: string }[] = [];
  let key = bucketKey(range.from, bucket);
  while (key <= range.to) {
    buckets.push({ key, start: buckets.length ? key : range.from });
    if (bucket === 'day') key = addDays(key, 1);
    else if (bucket === 'week') key = addDays(key, 7);
    else {
      const [year = 0, month = 1] = key.split('-').map(Number);
      key = new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
    }
  }
  return buckets;
}

const localStart = (timeZone: string) => sql`(b.starts_at at time zone ${timeZone})`;
/** The bucket's first day as a timestamp: grouped on as is, formatted once per group, not per row. */
const bucketOfStart = (bucket: AnalyticsBucket, timeZone: string) =>
  sql`date_trunc(${bucket}, ${localStart(timeZone)})`;
const dayText = (timestamp: SQL) => sql`to_char(${timestamp}, 'YYYY-MM-DD')`;
const inRange = (range: Range) => sql`b.starts_at >= ${range.start} and b.starts_at < ${range.end}`;

const rate = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/**
 * Makes sure `booking_day` counts in this time zone: triggers keep it exact from then on (decision 030). Built on
 * first use, and again only if the business's time zone changes.
 */
export async function ensureBookingDaySummary(db: DbOrTx, timeZone: string) {
  const zone = rowsOf<{ time_zone: string }>(await db.execute(sql`select time_zone from booking_day_zone`))[0];
  if (zone?.time_zone !== timeZone) await db.execute(sql`select booking_day_rebuild(${timeZone})`);
}

export async function bookingsOverTime(
  db: DbOrTx,
  timeZone: string,
  actor: Actor | null,
  query: unknown,
): Promise<BookingsOverTime> {
  requireRole(actor, 'admin');
  const q = parseInput(analyticsBucketQuery, query);
  const range = rangeOf(q.from, q.to, timeZone);
  type CountRow = { key: string } & Record<keyof BookingCounts, number>;
  await ensureBookingDaySummary(db, timeZone);
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

export async function byService(db: DbOrTx, timeZone: string, actor: Actor | null, query: unknown): Promise<ByService> {
  requireRole(actor, 'admin');
  const q = parseInput(analyticsRangeQuery, query);
  const range = rangeOf(q.from, q.to, timeZone);
  const [counts, revenue, catalogue] = await Promise.all([
    db.execute(sql`
      select b.style, b.type,
             count(*) filter (where b.status <> 'cancelled')::int as bookings,
             count(*) filter (where b.status = 'completed')::int as completed
        from booking b
       where ${inRange(range)}
       group by b.style, b.type`),
    db.execute(sql`
      select l.style, l.service_type as type, sum(l.credit_pence - l.debit_pence)::bigint as pence
        from journal_day l
       where l.account_code in (select code from ledger_account where kind = 'income')
         and l.date >= ${range.from} and l.date <= ${range.to}
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

/** Open minutes per local date: opening hours after overrides, less the periods the owner blocked. */
async function openMinutesByDate(db: DbOrTx, timeZone: string, range: Range): Promise<Map<string, number>> {
  const [base, overrides, blocks] = await Promise.all([
    getBookingRules(db, timeZone),
    db
      .select()
      .from(availabilityOverride)
      .where(and(gte(availabilityOverride.date, range.from), lte(availabilityOverride.date, range.to))),
    db
      .select({ start: blockedPeriod.startsAt, end: blockedPeriod.endsAt })
      .from(blockedPeriod)
      .where(and(lt(blockedPeriod.startsAt, range.end), sql`${blockedPeriod.endsAt} > ${range.start}`)),
  ]);
  const overridesByDate = new Map<string, typeof overrides>();
  for (const override of overrides)
    overridesByDate.set(override.date, [...(overridesByDate.get(override.date) ?? []), override]);
  const blocked = mergeIntervals(
    blocks.map((b) => ({ start: b.start.getTime(), end: b.end.getTime() })).sort((a, b) => a.start - b.start),
  );
  const minutes = new Map<string, number>();
  for (const date of datesBetween(range.from, range.to)) {
    const rules = { ...base, overrides: overridesByDate.get(date) ?? [] } as SlotRules;
    let open = 0;
    for (const interval of openIntervalsOfDate(rules, date)) open += minutesOutside(interval, blocked);
    minutes.set(date, open);
  }
  return minutes;
}

function minutesOutside(interval: Interval, blocked: Interval[]): number {
  let covered = 0;
  for (const block of blocked) {
    if (block.start >= interval.end) break;
    const start = Math.max(block.start, interval.start);
    const end = Math.min(block.end, interval.end);
    if (end > start) covered += end - start;
  }
  return Math.round((interval.end - interval.start - covered) / 60_000);
}

export async function occupancy(db: DbOrTx, timeZone: string, actor: Actor | null, query: unknown): Promise<Occupancy> {
  requireRole(actor, 'admin');
  const q = parseInput(analyticsBucketQuery, query);
  const range = rangeOf(q.from, q.to, timeZone);
  const [booked, openByDate] = await Promise.all([
    db.execute(sql`
      select ${dayText(sql`g.bucket`)} as key, g.minutes from (
        select ${bucketOfStart(q.bucket, timeZone)} as bucket, sum(b.duration_minutes)::bigint as minutes
          from booking b
         where ${inRange(range)} and b.status in ('completed', 'confirmed')
         group by 1) g`),
    openMinutesByDate(db, timeZone, range),
  ]);
  const bookedByKey = new Map(rowsOf<{ key: string; minutes: string }>(booked).map((r) => [r.key, Number(r.minutes)]));
  const openByKey = new Map<string, number>();
  for (const [date, minutes] of openByDate) {
    const key = bucketKey(date, q.bucket);
    openByKey.set(key, (openByKey.get(key) ?? 0) + minutes);
  }
  let bookedTotal = 0;
  let openTotal = 0;
  const points = bucketsOf(range, q.bucket).map(({ key, start }) => {
    const bookedMinutes = bookedByKey.get(key) ?? 0;
    const openMinutes = openByKey.get(key) ?? 0;
    bookedTotal += bookedMinutes;
    openTotal += openMinutes;
    return { start, bookedMinutes, openMinutes, rate: rate(bookedMinutes, openMinutes) };
  });
  return {
    bucket: q.bucket,
    points,
    overall: { bookedMinutes: bookedTotal, openMinutes: openTotal, rate: rate(bookedTotal, openTotal) },
  };
}

export async function outcomes(db: DbOrTx, timeZone: string, actor: Actor | null, query: unknown): Promise<Outcomes> {
  requireRole(actor, 'admin');
  const q = parseInput(analyticsRangeQuery, query);
  const range = rangeOf(q.from, q.to, timeZone);
  const [row] = rowsOf<Record<string, number>>(
    await db.execute(sql`
      select count(*)::int as bookings,
             count(*) filter (where b.status = 'completed')::int as completed,
             count(*) filter (where b.status = 'no_show')::int as no_shows,
             count(*) filter (where b.status = 'cancelled' and b.cancelled_by = 'client')::int as by_client,
             count(*) filter (where b.status = 'cancelled' and coalesce(b.cancelled_by, 'business') = 'business')::int as by_business
        from booking b
       where ${inRange(range)}`),
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
  db: DbOrTx,
  timeZone: string,
  actor: Actor | null,
  query: unknown,
): Promise<ClientsOverTime> {
  requireRole(actor, 'admin');
  const q = parseInput(analyticsBucketQuery, query);
  const range = rangeOf(q.from, q.to, timeZone);
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

export async function leadTime(db: DbOrTx, timeZone: string, actor: Actor | null, query: unknown): Promise<LeadTime> {
  requireRole(actor, 'admin');
  const q = parseInput(analyticsRangeQuery, query);
  const range = rangeOf(q.from, q.to, timeZone);
  // Calendar days between the day it was booked and the day of the appointment, both on the
  // business's clock, counted per day; and the exact lead in hundredths of a day, for the median.
  // One scan, two groupings; the subquery (offset 0) converts each row's times once.
  const result = await db.execute(sql`
    select grouping(d.days) as by_bin, d.days, d.bin, count(*)::int as bookings
      from (
        select (${localStart(timeZone)})::date - (b.created_at at time zone ${timeZone})::date as days,
               floor(greatest(0, extract(epoch from b.starts_at - b.created_at)) / ${LEAD_BIN_SECONDS})::int as bin
          from booking b
         where ${inRange(range)} and b.status <> 'cancelled'
        offset 0) d
     group by grouping sets ((d.days), (d.bin))`);
  const rows = rowsOf<{ by_bin: number; days: number | null; bin: number | null; bookings: number }>(result);
  const bands = new Map<LeadTimeBand, number>(leadTimeBands.map((band) => [band, 0]));
  const bins: [number, number][] = [];
  let bookings = 0;
  for (const row of rows) {
    if (Number(row.by_bin) === 0) {
      const band = bandOf(Number(row.days));
      bands.set(band, (bands.get(band) ?? 0) + Number(row.bookings));
      bookings += Number(row.bookings);
    } else bins.push([Number(row.bin), Number(row.bookings)]);
  }
  return {
    bands: leadTimeBands.map((band) => ({ band, bookings: bands.get(band) ?? 0 })),
    bookings,
    medianDays: medianOfBins(bins, bookings),
  };
}

const LEAD_BIN_SECONDS = 864; // a hundredth of a day

function bandOf(days: number): LeadTimeBand {
  if (days <= 0) return 'same_day';
  if (days <= 2) return '1_2';
  if (days <= 7) return '3_7';
  if (days <= 14) return '8_14';
  if (days <= 30) return '15_30';
  return 'over_30';
}

/** The median lead in days (to a tenth) from counts per hundredth of a day: each bin read at its middle. */
export function medianOfBins(bins: [number, number][], total: number): number | null {
  if (total === 0) return null;
  const sorted = [...bins].sort((a, b) => a[0] - b[0]);
  const valueAt = (index: number) => {
    let seen = 0;
    for (const [bin, count] of sorted) {
      seen += count;
      if (index < seen) return (bin + 0.5) / 100;
    }
    return ((sorted.at(-1)?.[0] ?? 0) + 0.5) / 100;
  };
  const middle = (valueAt(Math.floor((total - 1) / 2)) + valueAt(Math.floor(total / 2))) / 2;
  return Math.round(middle * 10) / 10;
}

export async function heatmap(db: DbOrTx, timeZone: string, actor: Actor | null, query: unknown): Promise<Heatmap> {
  requireRole(actor, 'admin');
  const q = parseInput(analyticsRangeQuery, query);
  const range = rangeOf(q.from, q.to, timeZone);
  // Grouped by local hour first (one time-zone conversion a row), then folded onto the week.
  const result = await db.execute(sql`
    select extract(isodow from h.hour)::int as weekday, extract(hour from h.hour)::int as hour,
           sum(h.bookings)::int as bookings
      from (
        select date_trunc('hour', ${localStart(timeZone)}) as hour, count(*) as bookings
          from booking b
         where ${inRange(range)} and b.status <> 'cancelled'
         group by 1) h
     group by 1, 2`);
  const counts = new Map(
    rowsOf<{ weekday: number; hour: number; bookings: number }>(result).map((r) => [
      `${r.weekday}/${r.hour}`,
      Number(r.bookings),
    ]),
  );
  const cells: Heatmap['cells'] = [];
  for (let weekday = 1; weekday <= 7; weekday++)
    for (let hour = 0; hour < 24; hour++)
      cells.push({ weekday, hour, bookings: counts.get(`${weekday}/${hour}`) ?? 0 });
  return { cells, max: Math.max(0, ...cells.map((cell) => cell.bookings)) };
}

/** The days of the first and the last booking: what "all time" means on the page. */
export async function analyticsSpan(db: DbOrTx, timeZone: string, actor: Actor | null): Promise<AnalyticsSpan> {
  requireRole(actor, 'admin');
  const [row] = rowsOf<{ first: string | Date | null; last: string | Date | null }>(
    await db.execute(sql`select min(starts_at) as first, max(starts_at) as last from booking`),
  );
  const day = (value: string | Date | null | undefined) =>
    value === null || value === undefined ? null : localDateOf(new Date(value).getTime(), timeZone);
  return { first: day(row?.first), last: day(row?.last) };
}
