// The field schemas every date, time, id and charge from outside goes through: one place decides
// what a real, sensible value is, so no malformed value reaches date arithmetic or the database.
import { z } from 'zod';

/** The calendar the product works in: a date outside these years is a typing mistake, not a booking. */
export const EARLIEST_YEAR = 2000;
export const LATEST_YEAR = 2100;
const yearsMessage = `Use a date between ${EARLIEST_YEAR} and ${LATEST_YEAR}`;

function realDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const yearOf = (value: string) => Number(value.slice(0, 4));
const inYears = (value: string) => yearOf(value) >= EARLIEST_YEAR && yearOf(value) <= LATEST_YEAR;

/** True when `value` is a real calendar day written YYYY-MM-DD within the product's years. */
export function isSensibleDate(value: unknown): value is string {
  return typeof value === 'string' && realDate(value) && inYears(value);
}

/** A calendar day YYYY-MM-DD: a real day (no 29 February 2026) between 2000 and 2100. */
export function isoDateField(message = 'Use a date such as 2026-04-30') {
  return z
    .string({ message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine(realDate, { message: 'Not a real date', abort: true })
    .refine(inYears, yearsMessage);
}

/** An instant with its offset (ISO 8601), between 2000 and 2100. */
export function isoDateTimeField(message?: string) {
  return z.iso
    .datetime({ offset: true, ...(message ? { message } : {}) })
    .refine((value) => realDate(value.slice(0, 10)), { message: 'Not a real date', abort: true })
    .refine((value) => inYears(value) && !Number.isNaN(Date.parse(value)), yearsMessage);
}

/** The id of anything stored (every table is keyed by a UUID, users included). */
export const entityIdSchema = z.uuid({ message: 'Not a valid id' });

/**
 * For schemas with a `from`/`to` pair: runs `check` only when both are sensible dates, so a range
 * rule never computes on a malformed day (the day's own issue is reported instead).
 */
export function whenDatesValid<T extends { from?: unknown; to?: unknown }>(
  check: (value: T & { from: string; to: string }, context: z.RefinementCtx) => void,
) {
  return (value: T, context: z.RefinementCtx) => {
    if (isSensibleDate(value.from) && isSensibleDate(value.to))
      check(value as T & { from: string; to: string }, context);
  };
}

/** A period's first and last day, both given: spread into a query's object. */
export const periodFields = { from: isoDateField(), to: isoDateField() };

/** A period whose start, end or both may be left open: spread into a list's query. */
export const openPeriodFields = { from: isoDateField().optional(), to: isoDateField().optional() };

/** The day before the same date `years` later: the last day a period starting on `from` may reach. */
export function lastDayWithinYears(from: string, years: number): string {
  const [year = 0, month = 1, day = 1] = from.split('-').map(Number);
  const next = new Date(Date.UTC(year + years, month - 1, day) - 86_400_000);
  return next.toISOString().slice(0, 10);
}

/**
 * The rule of a period (a report, an export, a chart): its end not before its start, and at most `maxYears` long,
 * so a mistyped year cannot ask for a century; `tooLong` says so in the words of the screen that asks.
 */
export function periodRule(maxYears: number, tooLong: string) {
  return whenDatesValid<{ from: string; to: string }>((value, context) => {
    if (value.from > value.to)
      context.addIssue({ code: 'custom', path: ['to'], message: 'The end is before the start' });
    else if (value.to > lastDayWithinYears(value.from, maxYears))
      context.addIssue({ code: 'custom', path: ['to'], message: tooLong });
  });
}

/** The page of a list that the address asks for: the first page of 50 rows unless it says otherwise. */
export function pageFields(maxPageSize: number) {
  return {
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(maxPageSize).default(50),
  };
}

/** A fixed amount the owner asks of a booking (a deposit, a no-show fee), in pence: £1 to £10,000. */
export function fixedChargeField(what: string) {
  return z.number().int().min(100, `${what} is at least £1`).max(1_000_000);
}

/** A share of a booking's price the owner asks, in whole per cent: from 1 to `most`. */
export function percentOfPriceField(most: number) {
  const message = `Between 1 and ${most} %`;
  return z.number().int().min(1, message).max(most, message);
}

/**
 * What the owner asks of a kind of booking: nothing, a fixed amount or a share of its price (a bank deposit, a no-show
 * fee). `kinds` are the names each rule has always been stored under.
 */
export function chargeRuleSchema<Fixed extends string, Percent extends string>(
  kinds: { fixed: Fixed; percent: Percent },
  what: string,
) {
  return z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('none') }),
    z.strictObject({ kind: z.literal(kinds.fixed), amountPence: fixedChargeField(what) }),
    z.strictObject({ kind: z.literal(kinds.percent), percent: percentOfPriceField(100) }),
  ]);
}
