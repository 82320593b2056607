/** Wall-clock arithmetic in an IANA time zone with Intl only: instants are UTC milliseconds. */
import { zonedParts } from '@app/shared';

/** Offset of the zone from UTC at an instant, in minutes (London: 0 in winter, 60 in summer). */
export function offsetMinutes(instant: number, timeZone: string): number {
  const p = zonedParts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  return Math.round((asUtc - Math.floor(instant / 60_000) * 60_000) / 60_000);
}

/**
 * The instant of a local date and "HH:MM" ("24:00" is the next midnight). Like Temporal's
 * 'compatible' choice: a time skipped by the spring change moves forward by the gap (01:30 → 02:30),
 * a time the autumn change repeats is its first occurrence.
 */
export function zonedInstant(date: string, time: string, timeZone: string): number {
  const key = `${timeZone} ${date} ${time}`;
  const cached = instantCache.get(key);
  // Stryker disable all: the cache only saves time; without it, or cleared at any size, the same instant is worked out again
  if (cached !== undefined) return cached;
  if (instantCache.size > 50_000) instantCache.clear();
  const instant = computeZonedInstant(date, time, timeZone);
  instantCache.set(key, instant);
  // Stryker restore all
  return instant;
}

/** Pure and asked for again and again (every opening of every day of every slot request). */
const instantCache = new Map<string, number>();

function computeZonedInstant(date: string, time: string, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  // Zone offsets change at most once around a given day: try the offsets of the day before and after.
  const before = wall - offsetMinutes(wall - 86_400_000, timeZone) * 60_000;
  const after = wall - offsetMinutes(wall + 86_400_000, timeZone) * 60_000;
  const readsBack = (instant: number) => {
    const p = zonedParts(instant, timeZone);
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) === wall;
  };
  const valid = [before, after].filter(readsBack);
  return valid.length ? Math.min(...valid) : before; // none: a skipped time, moved forward by the gap
}

export function localDateOf(instant: number, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** Calendar dates from `from` to `to` inclusive, as "YYYY-MM-DD". */
export function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    dates.push(new Date(t).toISOString().slice(0, 10));
  return dates;
}

export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The same day `months` later (the last day of a shorter month: 31 January + 1 month is 28 or 29 February). */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, last));
  return target.toISOString().slice(0, 10);
}

/** "Sunday, 29 March 2026 at 14:00 BST (Europe/London)": every time we write to a client names its zone. */
export function formatForClient(instant: number | Date, timeZone: string, locale = 'en-GB'): string {
  const date = new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(instant);
  const time = new Intl.DateTimeFormat(locale, {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(instant);
  return `${date} at ${time} (${timeZone})`;
}
