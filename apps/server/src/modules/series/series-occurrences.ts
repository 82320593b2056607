import { createRequire } from 'node:module';
import { SERIES_MAX_OCCURRENCES, type SeriesRepeat, zonedParts } from '@app/shared';
import { zonedInstant } from '../../lib/zoned-time.ts';

// rrule's "main" is a UMD bundle, whose names Node's ESM loader cannot see; its "module" build is not Node ESM.
const { RRule } = createRequire(import.meta.url)('rrule') as typeof import('rrule');

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The instants of a series (decision 086). rrule counts in floating time: the first appointment's wall clock on the
 * business clock is handed to it as if it were UTC, every occurrence comes back as a wall clock ("Tuesday 10:00"),
 * and only then is each one turned into an instant in the business's zone. So a 10:00 weekly series stays at 10:00
 * London across the clock changes: 09:00 UTC in summer, 10:00 UTC in winter.
 */
export function seriesOccurrences(request: { startsAt: number; timeZone: string; repeat: SeriesRepeat }) {
  const { startsAt, timeZone, repeat } = request;
  const wall = zonedParts(startsAt, timeZone);
  const localTime = `${pad(wall.hour)}:${pad(wall.minute)}`;
  const rule = new RRule({
    freq: RRule.WEEKLY,
    interval: repeat.everyWeeks,
    dtstart: new Date(Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute)),
    ...(repeat.count !== undefined ? { count: repeat.count } : {}),
    // The last day is included whatever the time of the appointment.
    ...(repeat.until !== undefined ? { until: new Date(`${repeat.until}T23:59:59Z`) } : {}),
  });
  const walls = rule.all((_, index) => index < SERIES_MAX_OCCURRENCES);
  const instants = walls.map((date) => {
    const iso = date.toISOString();
    return zonedInstant(iso.slice(0, 10), iso.slice(11, 16), timeZone);
  });
  // Written down as what it means: the wall clock of the business's zone.
  const written = rule.toString().replace(/^DTSTART:(\d{8}T\d{6})Z/, `DTSTART;TZID=${timeZone}:$1`);
  return { rule: written, localTime, weekday: wall.weekday, everyWeeks: repeat.everyWeeks, instants };
}
