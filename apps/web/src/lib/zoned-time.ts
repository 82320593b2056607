import { zonedParts } from '@app/shared';

/**
 * Wall-clock times in the business's time zone. FullCalendar without a time-zone plugin cannot show a named zone, so
 * the calendars give it wall-clock times as if they were UTC ('fake UTC') and convert back here when a user drops or
 * selects something: the diary always reads on the therapist's clock, whatever the browser's zone.
 */

/** Milliseconds to add to a UTC instant to read the zone's wall clock at that instant. */
function offsetAt(instant: number, timeZone: string): number {
  const p = zonedParts(instant, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The zone's wall clock at an instant, as a Date whose UTC fields hold it (what FullCalendar gets with 'UTC'). */
export function toWallClock(instant: string | number | Date, timeZone: string): Date {
  const ms = new Date(instant).getTime();
  return new Date(ms + offsetAt(ms, timeZone));
}

/** The instant at which the zone's clock shows the UTC fields of `wall` (the reverse of toWallClock). */
export function fromWallClock(wall: Date, timeZone: string): Date {
  const guess = wall.getTime();
  const first = guess - offsetAt(guess, timeZone);
  // Near a clock change the offset at the answer can differ from the one at the guess.
  return new Date(guess - offsetAt(first, timeZone));
}

/** A wall-clock stretch (a diary's selection or event) as the instants, ISO-written, at which it starts and ends. */
export function instantsOfWallSpan(start: Date, end: Date, timeZone: string): { startsAt: string; endsAt: string } {
  return { startsAt: fromWallClock(start, timeZone).toISOString(), endsAt: fromWallClock(end, timeZone).toISOString() };
}

/** 'YYYY-MM-DD' of a wall-clock Date (read in UTC). */
export function wallDate(wall: Date): string {
  return wall.toISOString().slice(0, 10);
}

/** Whether `value` (from an address, say) is a 'YYYY-MM-DD' date that Date can read. */
export function isDay(value: string | null): value is string {
  return value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
}

/** 'YYYY-MM-DD' plus n days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Today's date on the zone's clock. */
export function todayIn(timeZone: string, now = Date.now()): string {
  return wallDate(toWallClock(now, timeZone));
}

/** 'YYYY-MM-DD' of the first day of the month n months after that of `date`. */
export function addMonths(date: string, months: number): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1 + months, 1)).toISOString().slice(0, 10);
}

/** First and last day of the month of a 'YYYY-MM-DD' date. */
export function monthRange(date: string): { first: string; last: string } {
  const [year, month] = date.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, '0');
  return { first: `${year}-${mm}-01`, last: `${year}-${mm}-${String(last).padStart(2, '0')}` };
}
