import { defaultWeeklyHours, type WeeklyHours } from '@app/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localDateOf, localParts, zonedInstant } from '../../lib/zoned-time.ts';
import { computeSlots, type Interval, type SlotRules } from './slots.ts';

const TZ = 'Europe/London';

/** London's date and minute of the day at an instant, read straight from Intl (not from the module under test). */
const londonClockFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: TZ,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
function onLondonClock(at: number): { date: string; minute: number } {
  const parts = Object.fromEntries(londonClockFormat.formatToParts(at).map((part) => [part.type, part.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, minute: Number(parts.hour) * 60 + Number(parts.minute) };
}

/**
 * The instant London's clock first shows `minute` on `date`: London is UTC or UTC+1, so it is the wall time read
 * as UTC less one hour or less nothing, the earlier if both (a repeated autumn hour); a time the spring change
 * skips is read with the offset before the change (so 01:30 becomes 02:30 BST). 24:00 is the next midnight.
 */
function londonInstantByHand(date: string, minute: number): number {
  const wall = Date.parse(`${date}T00:00:00Z`) + minute * 60_000;
  const shows = (at: number) => {
    const clock = onLondonClock(at);
    const next = new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    return minute === 24 * 60
      ? clock.date === next && clock.minute === 0
      : clock.date === date && clock.minute === minute;
  };
  for (const offset of [60, 0]) if (shows(wall - offset * 60_000)) return wall - offset * 60_000;
  const before = onLondonClock(wall - 86_400_000);
  const offsetBefore = (((before.minute - (((wall - 86_400_000) / 60_000) % 1440)) % 1440) + 1440) % 1440;
  return wall - offsetBefore * 60_000;
}

/** A day's opening ranges as instants, those that meet joined into one. */
function openByHand(weeklyHours: WeeklyHours, date: string): Interval[] {
  const minuteOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  const ranges = [...(weeklyHours[new Date(`${date}T12:00:00Z`).getUTCDay()] ?? [])].sort(
    (a, b) => minuteOf(a.start) - minuteOf(b.start),
  );
  const open: Interval[] = [];
  for (const range of ranges) {
    const start = londonInstantByHand(date, minuteOf(range.start));
    const end = londonInstantByHand(date, minuteOf(range.end));
    if (end <= start) continue;
    const last = open[open.length - 1];
    if (last && start <= last.end) last.end = Math.max(last.end, end);
    else open.push({ start, end });
  }
  return open;
}
const allDay: WeeklyHours = Array.from({ length: 7 }, () => [{ start: '00:00', end: '24:00' }]);

function rules(overrides: Partial<SlotRules> = {}): SlotRules {
  return {
    timeZone: TZ,
    weeklyHours: defaultWeeklyHours,
    overrides: [],
    bufferMinutes: 15,
    minNoticeMinutes: 120,
    horizonDays: 60,
    slotStepMinutes: 15,
    ...overrides,
  };
}

const at = (iso: string) => Date.parse(iso);
const hhmm = (instant: number) => {
  const p = localParts(instant, TZ);
  return `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
};
const NOW = at('2026-03-01T08:00:00Z'); // a Sunday, long before the dates below

function slotsOf(r: SlotRules, date: string, durationMinutes = 60, busy: Interval[] = [], now = NOW) {
  return (
    computeSlots(r, { durationMinutes, from: date, to: date, now, today: localDateOf(now, TZ), busy })[0]?.slots ?? []
  );
}

describe('local time in Europe/London', () => {
  it('maps wall-clock times to instants in winter and in summer', () => {
    expect(new Date(zonedInstant('2026-01-15', '10:00', TZ)).toISOString()).toBe('2026-01-15T10:00:00.000Z');
    expect(new Date(zonedInstant('2026-07-15', '10:00', TZ)).toISOString()).toBe('2026-07-15T09:00:00.000Z');
    expect(new Date(zonedInstant('2026-07-15', '24:00', TZ)).toISOString()).toBe('2026-07-15T23:00:00.000Z');
  });

  it('moves a time skipped by the spring change forward by the gap, and takes the first of a repeated one', () => {
    expect(new Date(zonedInstant('2026-03-29', '01:30', TZ)).toISOString()).toBe('2026-03-29T01:30:00.000Z'); // 02:30 BST
    expect(new Date(zonedInstant('2026-10-25', '01:30', TZ)).toISOString()).toBe('2026-10-25T00:30:00.000Z'); // 01:30 BST
  });
});

describe('slots', () => {
  it('offers a weekday from opening to the last start that still ends by closing, every 15 minutes', () => {
    const slots = slotsOf(rules(), '2026-03-10'); // Tuesday 10:00–21:00
    expect(slots.map(hhmm)[0]).toBe('10:00');
    expect(slots.map(hhmm).at(-1)).toBe('20:00');
    expect(slots).toHaveLength(41);
  });

  it('offers nothing on a day closed by the weekly hours (Sunday)', () => {
    expect(slotsOf(rules(), '2026-03-08')).toEqual([]);
  });

  it('has exactly 23 hours of slots on the spring-forward day and 25 on the autumn one', () => {
    const r = rules({ weeklyHours: allDay, bufferMinutes: 0, slotStepMinutes: 60, horizonDays: 365 });
    const spring = slotsOf(r, '2026-03-29');
    const autumn = slotsOf(r, '2026-10-25');
    expect(spring).toHaveLength(23);
    expect(spring.map(hhmm).slice(0, 3)).toEqual(['00:00', '02:00', '03:00']); // 01:00 does not exist
    expect(autumn).toHaveLength(25);
    expect(autumn.map(hhmm).slice(0, 4)).toEqual(['00:00', '01:00', '01:00', '02:00']); // 01:00 happens twice
  });

  it('keeps ordinary opening hours on the clock-change days', () => {
    const r = rules({ weeklyHours: allDay.map(() => [{ start: '10:00', end: '12:00' }]), horizonDays: 365 });
    const spring = slotsOf(r, '2026-03-29');
    const autumn = slotsOf(r, '2026-10-25');
    expect(spring.map(hhmm)).toEqual(['10:00', '10:15', '10:30', '10:45', '11:00']);
    expect(autumn.map(hhmm)).toEqual(['10:00', '10:15', '10:30', '10:45', '11:00']);
  });

  it('leaves the buffer after a booking free and does not start a slot whose buffer runs into the next booking', () => {
    const booked = { start: zonedInstant('2026-03-10', '12:00', TZ), end: zonedInstant('2026-03-10', '13:15', TZ) }; // 60 min + 15 buffer
    const times = slotsOf(rules(), '2026-03-10', 60, [booked]).map(hhmm);
    expect(times).toContain('10:45'); // 10:45–11:45, buffer to 12:00
    expect(times).not.toContain('11:00'); // its buffer would run to 12:15
    expect(times).not.toContain('13:00');
    expect(times).toContain('13:15');
  });

  it('applies overrides: a closed day, replaced hours, extra hours', () => {
    const closed = rules({ overrides: [{ date: '2026-03-10', kind: 'closed', ranges: [] }] });
    expect(slotsOf(closed, '2026-03-10')).toEqual([]);
    const replaced = rules({
      overrides: [{ date: '2026-03-10', kind: 'hours', ranges: [{ start: '14:00', end: '16:00' }] }],
    });
    expect(slotsOf(replaced, '2026-03-10').map(hhmm)).toEqual(['14:00', '14:15', '14:30', '14:45', '15:00']);
    const extra = rules({
      overrides: [{ date: '2026-03-08', kind: 'extra', ranges: [{ start: '09:00', end: '10:00' }] }],
    });
    expect(slotsOf(extra, '2026-03-08').map(hhmm)).toEqual(['09:00']);
  });

  it('respects the minimum notice and the horizon', () => {
    const now = zonedInstant('2026-03-10', '11:05', TZ);
    const today = slotsOf(rules(), '2026-03-10', 60, [], now).map(hhmm);
    expect(today[0]).toBe('13:15'); // 11:05 + 2 h notice, on the 15-minute grid from opening
    expect(slotsOf(rules({ horizonDays: 60 }), '2026-05-09', 60, [], now)).not.toEqual([]); // day 60
    expect(slotsOf(rules({ horizonDays: 60 }), '2026-05-11', 60, [], now)).toEqual([]); // beyond it
  });

  it('treats a blocked period like a booking', () => {
    const block = { start: zonedInstant('2026-03-10', '10:00', TZ), end: zonedInstant('2026-03-10', '20:00', TZ) };
    expect(slotsOf(rules(), '2026-03-10', 60, [block]).map(hhmm)).toEqual(['20:00']);
  });

  it('never yields an overlapping or out-of-hours slot, whatever the schedule (property)', () => {
    const minute = fc.integer({ min: 0, max: 24 * 4 - 1 }).map((q) => q * 15);
    const range = fc
      .tuple(minute, minute)
      .filter(([a, b]) => a !== b)
      .map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as const);
    const asTime = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    fc.assert(
      fc.property(
        fc.array(fc.array(range, { maxLength: 2 }), { minLength: 7, maxLength: 7 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 14 * 24 * 4 }), fc.integer({ min: 1, max: 16 })), {
          maxLength: 20,
        }),
        fc.constantFrom(30, 60, 90, 120),
        fc.integer({ min: 0, max: 30 }),
        fc.constantFrom('2026-03-25', '2026-10-21', '2026-06-01'),
        (days, busySpec, duration, buffer, from) => {
          const weeklyHours = days.map((ranges) => {
            const sorted = [...ranges]
              .sort((a, b) => a[0] - b[0])
              .filter((r, i, all) => i === 0 || (all[i - 1]?.[1] ?? 0) <= r[0]);
            return sorted.map(([s, e]) => ({ start: asTime(s), end: e === 24 * 60 ? '24:00' : asTime(e) }));
          });
          const origin = zonedInstant(from, '00:00', TZ);
          const busy = busySpec.map(([q, len]) => ({
            start: origin + q * 15 * 60_000,
            end: origin + (q + len) * 15 * 60_000,
          }));
          const r = rules({ weeklyHours, bufferMinutes: buffer, minNoticeMinutes: 0 });
          const now = origin - 86_400_000;
          const to = new Date(Date.parse(`${from}T00:00:00Z`) + 13 * 86_400_000).toISOString().slice(0, 10);
          const result = computeSlots(r, {
            durationMinutes: duration,
            from,
            to,
            now,
            today: localDateOf(now, TZ),
            busy,
          });
          for (const day of result)
            for (const start of day.slots) {
              const end = start + duration * 60_000;
              const occupied = end + buffer * 60_000;
              if (busy.some((b) => b.start < occupied && start < b.end)) return false;
              // Inside the day's opening, as worked out here from London's clock (Intl) for the ranges written above.
              if (!openByHand(weeklyHours, day.date).some((o) => o.start <= start && end <= o.end)) return false;
            }
          return true;
        },
      ),
      { numRuns: 300 },
    );
  });
});
