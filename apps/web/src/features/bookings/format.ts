/**
 * Dates and times of bookings, always in the business's time zone (never the browser's): a client abroad still
 * sees the time on the therapist's clock, which is the one in their confirmation email.
 */

/** The calendar date 'YYYY-MM-DD' of an instant in a time zone. */
export function localDateIn(instant: Date | string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(new Date(instant))
    .reduce<Record<string, string>>((acc, part) => {
      acc[part.type] = part.value;
      return acc;
    }, {});
  return `${parts.year}-${parts.month}-${parts.day}`;
}

export function formatTime(instant: string, timeZone: string, locale = 'en-GB'): string {
  return new Intl.DateTimeFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit' }).format(new Date(instant));
}

export function formatDateTime(instant: string, timeZone: string, locale = 'en-GB'): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(instant));
}

/** A calendar date 'YYYY-MM-DD' spelled out; the date has no time, so it is read at noon UTC. */
export function formatLocalDate(date: string, locale = 'en-GB'): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(`${date}T12:00:00Z`));
}

/** A calendar date 'YYYY-MM-DD' as '24 November 2027' (a voucher's last day); read at noon UTC, as it has no time. */
export function formatDayMonthYear(date: string, locale = 'en-GB'): string {
  return new Intl.DateTimeFormat(locale, { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(`${date}T12:00:00Z`),
  );
}

export function formatMonth(date: string, locale = 'en-GB'): string {
  return new Intl.DateTimeFormat(locale, { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(
    new Date(`${date}T12:00:00Z`),
  );
}

/** First and last day of the month of a 'YYYY-MM-DD' date. */
export function monthRange(date: string): { first: string; last: string } {
  const [year, month] = date.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, '0');
  return { first: `${year}-${mm}-01`, last: `${year}-${mm}-${String(last).padStart(2, '0')}` };
}

export function addMonths(date: string, months: number): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  const next = new Date(Date.UTC(year, month - 1 + months, 1));
  return next.toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** 'Mon 21 Dec, 10:00': short enough for the bottom bar of /book on a phone. */
export function formatShortDateTime(instant: string, timeZone: string, locale = 'en-GB'): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(instant));
}
