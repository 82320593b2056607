import {
  analyticsBucketQuery,
  analyticsRangeQuery,
  type Heatmap,
  type LeadTime,
  type LeadTimeBand,
  leadTimeBands,
  type Occupancy,
} from '@app/shared';
import { and, gte, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { availabilityOverride, blockedPeriod } from '../../db/schema.ts';
import { datesBetween } from '../../lib/zoned-time.ts';
import { getBookingRules } from '../availability/availability.service.ts';
import { type Interval, mergeIntervals, openIntervalsOfDate, type SlotRules } from '../availability/slots.ts';
import { ensureBookingFigures } from './analytics.service.ts';
import {
  type AnalyticsDeps,
  bucketKey,
  bucketOfStart,
  bucketsOf,
  type ChartRequest,
  chartQuery,
  dayText,
  inRange,
  localStart,
  type Range,
  rate,
  rowsOf,
} from './analytics-range.ts';

// The charts of the diary's time: how full the open hours are, how far ahead clients book, and when.

/** Open minutes per local date: opening hours after overrides, less the periods the owner blocked. */
async function openMinutesByDate(db: DbOrTx, timeZone: string, range: Range): Promise<Map<string, number>> {
  const [base, overrides, blocks] = await Promise.all([
    getBookingRules(db, { timeZone }),
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

export async function occupancy({ db, timeZone }: AnalyticsDeps, request: ChartRequest): Promise<Occupancy> {
  const { q, range } = chartQuery(analyticsBucketQuery, timeZone, request);
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

export async function leadTime({ db, timeZone }: AnalyticsDeps, request: ChartRequest): Promise<LeadTime> {
  const { range } = chartQuery(analyticsRangeQuery, timeZone, request);
  await ensureBookingFigures({ db, timeZone });
  // Calendar days between the day it was booked and the day of the appointment, both on the business's clock, and
  // the exact lead in hundredths of a day, for the median: summed from booking_lead (decision 087), where each
  // booking not cancelled was counted once with both already worked out. Two groupings of one read.
  const result = await db.execute(sql`
    select grouping(l.lead_days) as by_bin, l.lead_days as days, l.lead_bin as bin, sum(l.bookings)::int as bookings
      from booking_lead l
     where l.day >= ${range.from} and l.day <= ${range.to}
     group by grouping sets ((l.lead_days), (l.lead_bin))
    having sum(l.bookings) <> 0`);
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

export async function heatmap({ db, timeZone }: AnalyticsDeps, request: ChartRequest): Promise<Heatmap> {
  const { range } = chartQuery(analyticsRangeQuery, timeZone, request);
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
