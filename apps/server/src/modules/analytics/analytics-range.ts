import type { AnalyticsBucket } from '@app/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { parseInput } from '../../lib/validation.ts';
import { addDays, zonedInstant } from '../../lib/zoned-time.ts';
import { type Actor, requireRole } from '../auth/actor.ts';

/**
 * Every chart is one aggregate query over the diary (booking) or the ledger (its per-day sums, journal_day), grouped in
 * SQL on the business's clock (`AT TIME ZONE`), so five years of rows never travel to JS.
 * Revenue is what /finances calls income: credit minus debit on the income accounts, net of VAT, on
 * the ledger's accounting date. Booking charts place a booking on the local date it starts.
 */

/** What a chart reads from: the database, on the business's clock. */
export type AnalyticsDeps = { db: DbOrTx; timeZone: string };
/** Who asks, and the range (and bucket) of the chart as the address gives it. */
export type ChartRequest = { actor: Actor | null; query: unknown };

export type Range = { from: string; to: string; start: Date; end: Date };

export function rangeOf(from: string, to: string, timeZone: string): Range {
  return {
    from,
    to,
    start: new Date(zonedInstant(from, '00:00', timeZone)),
    end: new Date(zonedInstant(addDays(to, 1), '00:00', timeZone)),
  };
}

export function rowsOf<T>(result: unknown): T[] {
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
export function bucketsOf(range: Range, bucket: AnalyticsBucket): { key: string; start: string }[] {
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

/**
 * A range of local dates as the whole months inside it, [monthsFrom, monthsTo) by their first days, and the days at
 * either end, [from, monthsFrom) and [monthsTo, to]. A range with no whole month has monthsFrom = monthsTo = from:
 * no month, and every day.
 */
export function wholeMonthsOf(range: { from: string; to: string }): { monthsFrom: string; monthsTo: string } {
  const firstOfNext = (date: string) => `${addDays(`${date.slice(0, 8)}28`, 7).slice(0, 8)}01`;
  const monthsFrom = range.from.endsWith('-01') ? range.from : firstOfNext(range.from);
  const monthsTo = `${addDays(range.to, 1).slice(0, 8)}01`;
  return monthsFrom < monthsTo ? { monthsFrom, monthsTo } : { monthsFrom: range.from, monthsTo: range.from };
}

/**
 * A summary's rows of a range, as `alias`: its whole months from the table by month, the days at either end from the
 * table by day (decision 096), so every day of the range is read exactly once. The names are the code's own constants.
 */
function monthsAndDays(
  range: { from: string; to: string },
  summary: { columns: string; byMonth: string; byDay: string; dayColumn: string; alias: string },
): SQL {
  const { monthsFrom, monthsTo } = wholeMonthsOf(range);
  const columns = sql.raw(summary.columns);
  const day = sql.raw(summary.dayColumn);
  return sql`(select ${columns} from ${sql.raw(summary.byMonth)} where month >= ${monthsFrom} and month < ${monthsTo}
              union all
              select ${columns} from ${sql.raw(summary.byDay)}
               where (${day} >= ${range.from} and ${day} < ${monthsFrom}) or (${day} >= ${monthsTo} and ${day} <= ${range.to})) ${sql.raw(summary.alias)}`;
}

/** booking_figures' rows of a range (as `f`): five years read a few hundred rows instead of one per day and key. */
export const bookingFiguresOf = (range: { from: string; to: string }): SQL =>
  monthsAndDays(range, {
    columns: 'style, type, status, cancelled_by, bookings',
    byMonth: 'booking_figures_month',
    byDay: 'booking_figures',
    dayColumn: 'day',
    alias: 'f',
  });

/** journal_day's rows of a range (as `l`), read the same way from journal_month and journal_day. */
export const journalOf = (range: { from: string; to: string }): SQL =>
  monthsAndDays(range, {
    columns: 'account_code, style, service_type, vat_kind, debit_pence, credit_pence',
    byMonth: 'journal_month',
    byDay: 'journal_day',
    dayColumn: 'date',
    alias: 'l',
  });

export const localStart = (timeZone: string) => sql`(b.starts_at at time zone ${timeZone})`;
/** The bucket's first day as a timestamp: grouped on as is, formatted once per group, not per row. */
export const bucketOfStart = (bucket: AnalyticsBucket, timeZone: string) =>
  sql`date_trunc(${bucket}, ${localStart(timeZone)})`;
export const dayText = (timestamp: SQL) => sql`to_char(${timestamp}, 'YYYY-MM-DD')`;
export const inRange = (range: Range) => sql`b.starts_at >= ${range.start} and b.starts_at < ${range.end}`;

export const rate = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/** Only the owner reads the charts; each parses its range and turns it into instants on the business's clock. */
export function chartQuery<S extends z.ZodType<{ from: string; to: string }>>(
  schema: S,
  timeZone: string,
  { actor, query }: ChartRequest,
): { q: z.infer<S>; range: Range } {
  requireRole(actor, 'admin');
  const q = parseInput(schema, query);
  return { q, range: rangeOf(q.from, q.to, timeZone) };
}
