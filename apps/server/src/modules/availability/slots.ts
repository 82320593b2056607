import type { AvailabilityOverride, TimeRange, WeeklyHours } from '@app/shared';
import { datesBetween, weekdayOf, zonedInstant } from '../../lib/zoned-time.ts';

/** A half-open interval of UTC milliseconds [start, end). */
export type Interval = { start: number; end: number };

export type SlotRules = {
  timeZone: string;
  weeklyHours: WeeklyHours;
  overrides: Pick<AvailabilityOverride, 'date' | 'kind' | 'ranges'>[];
  bufferMinutes: number;
  minNoticeMinutes: number;
  horizonDays: number;
  slotStepMinutes: number;
};

export type SlotRequest = {
  durationMinutes: number;
  from: string;
  to: string;
  now: number;
  /** Time already taken: active bookings with their buffers, and blocked periods. */
  busy: Interval[];
};

const MINUTE = 60_000;

/** The opening ranges of one local date after overrides. */
export function rangesOfDate(rules: Pick<SlotRules, 'weeklyHours' | 'overrides'>, date: string): TimeRange[] {
  // Stryker disable next-line ArrayDeclaration: the weekly hours have seven days (weeklyHoursSchema)
  const weekly = rules.weeklyHours[weekdayOf(date)] ?? [];
  const overrides = rules.overrides.filter((o) => o.date === date);
  if (overrides.some((o) => o.kind === 'closed')) return [];
  const replacing = overrides.filter((o) => o.kind === 'hours');
  const base = replacing.length ? replacing.flatMap((o) => o.ranges) : weekly;
  return [...base, ...overrides.filter((o) => o.kind === 'extra').flatMap((o) => o.ranges)];
}

/** Opening hours of a date as instants, merged where ranges touch or overlap. */
export function openIntervalsOfDate(rules: SlotRules, date: string): Interval[] {
  const intervals = rangesOfDate(rules, date)
    .map((range) => ({
      start: zonedInstant(date, range.start, rules.timeZone),
      end: zonedInstant(date, range.end, rules.timeZone),
    }))
    .filter((interval) => interval.end > interval.start)
    .sort((a, b) => a.start - b.start);
  return mergeIntervals(intervals);
}

export function mergeIntervals(sorted: Interval[]): Interval[] {
  const merged: Interval[] = [];
  for (const interval of sorted) {
    const last = merged[merged.length - 1];
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else merged.push({ ...interval });
  }
  return merged;
}

/** The latest instant a slot may start: the end of the last local day inside the horizon. */
export function horizonEnd(rules: SlotRules, now: number, today: string): number {
  const lastDay = new Date(Date.parse(`${today}T00:00:00Z`) + rules.horizonDays * 86_400_000)
    .toISOString()
    .slice(0, 10);
  return Math.max(now, zonedInstant(lastDay, '24:00', rules.timeZone));
}

/**
 * Free start times per local date. A slot [s, s + duration) lies inside opening hours, starts no
 * sooner than the notice and inside the horizon, and its occupancy [s, s + duration + buffer)
 * overlaps nothing busy. Steps run in real minutes from each opening, so a day of 23 or 25 hours
 * has exactly the slots its hours allow.
 */
export function computeSlots(
  rules: SlotRules,
  request: SlotRequest & { today: string },
): { date: string; slots: number[] }[] {
  const duration = request.durationMinutes * MINUTE;
  const buffer = rules.bufferMinutes * MINUTE;
  const step = rules.slotStepMinutes * MINUTE;
  const earliest = request.now + rules.minNoticeMinutes * MINUTE;
  const latest = horizonEnd(rules, request.now, request.today);
  const busy = mergeIntervals([...request.busy].sort((a, b) => a.start - b.start));
  let cursor = 0; // busy is sorted and candidates only move forward, so one pass suffices

  return datesBetween(request.from, request.to).map((date) => {
    const slots: number[] = [];
    for (const open of openIntervalsOfDate(rules, date)) {
      for (let start = open.start; start + duration <= open.end; start += step) {
        if (start < earliest || start >= latest) continue;
        const occupiedEnd = start + duration + buffer;
        // Stryker disable next-line OptionalChaining: cursor < busy.length, so busy[cursor] exists
        while (cursor < busy.length && (busy[cursor]?.end ?? 0) <= start) cursor++;
        const next = busy[cursor];
        if (next && next.start < occupiedEnd) continue;
        slots.push(start);
      }
    }
    return { date, slots };
  });
}

/** Whether one start time is a slot (the engine's re-check of a client's request). */
export function isSlotFree(
  rules: SlotRules,
  request: Omit<SlotRequest, 'from' | 'to'> & { start: number; date: string; today: string },
): boolean {
  const day = computeSlots(rules, { ...request, from: request.date, to: request.date });
  // Stryker disable next-line OptionalChaining,BooleanLiteral: computeSlots answers one day for one date, so day[0] exists
  return day[0]?.slots.includes(request.start) ?? false;
}
