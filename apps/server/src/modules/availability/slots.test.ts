import { defaultWeeklyHours, type TimeRange, type WeeklyHours, zonedParts } from '@app/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localDateOf, zonedInstant } from '../../lib/zoned-time.ts';
import {
  computeSlots,
  type Interval,
  isSlotFree,
  mergeIntervals,
  openIntervalsOfDate,
  rangesOfDate,
  type SlotRules,
} from './slots.ts';

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

const minuteOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** A date's opening ranges by the owner's rules: a closed day has none, hours replace the week's, extra hours add. */
function rangesByHand(weeklyHours: WeeklyHours, overrides: SlotRules['overrides'], date: string): TimeRange[] {
  const ofDate = overrides.filter((o) => o.date === date);
  if (ofDate.some((o) => o.kind === 'closed')) return [];
  const replacing = ofDate.filter((o) => o.kind === 'hours');
  const week = weeklyHours[new Date(`${date}T12:00:00Z`).getUTCDay()] ?? [];
  return [
    ...(replacing.length ? replacing.flatMap((o) => o.ranges) : week),
    ...ofDate.filter((o) => o.kind === 'extra').flatMap((o) => o.ranges),
  ];
}

/**
 * A day's opening as instants: the union of its ranges in real time, whatever order they are given in, those that
 * meet or overlap joined into one. (On the spring-forward day a range inside the missing hour moves past its end.)
 */
function openByHand(ranges: readonly TimeRange[], date: string): Interval[] {
  const intervals = ranges
    .map((range) => ({
      start: londonInstantByHand(date, minuteOf(range.start)),
      end: londonInstantByHand(date, minuteOf(range.end)),
    }))
    .sort((a, b) => a.start - b.start);
  const open: Interval[] = [];
  for (const { start, end } of intervals) {
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
  const p = zonedParts(instant, TZ);
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
          for (const day of result) {
            // The day's opening, as worked out here from London's clock (Intl) for the ranges written above.
            const open = openByHand(rangesByHand(weeklyHours, [], day.date), day.date);
            for (const start of day.slots) {
              const end = start + duration * 60_000;
              const occupied = end + buffer * 60_000;
              if (busy.some((b) => b.start < occupied && start < b.end)) return false;
              if (!open.some((o) => o.start <= start && end <= o.end)) return false;
            }
          }
          return true;
        },
      ),
      { numRuns: 300 },
    );
  });

  it('offers every start a client could book, whatever the ranges, overrides, bookings and notice (property)', () => {
    // Ranges in any order, touching or overlapping; overrides of every kind on some dates of a multi-day request.
    const quarter = fc.integer({ min: 0, max: 24 * 4 });
    const asTime = (q: number) =>
      `${String(Math.floor(q / 4)).padStart(2, '0')}:${String((q % 4) * 15).padStart(2, '0')}`;
    const range = fc
      .tuple(quarter, quarter)
      .filter(([a, b]) => a !== b)
      .map(([a, b]) => ({ start: asTime(Math.min(a, b)), end: asTime(Math.max(a, b)) }));
    const ranges = fc.array(range, { maxLength: 3 });
    fc.assert(
      fc.property(
        fc.array(ranges, { minLength: 7, maxLength: 7 }),
        fc.constantFrom('2026-03-26', '2026-10-22', '2026-06-03'),
        fc.integer({ min: 0, max: 6 }),
        fc.array(
          fc.record({
            day: fc.integer({ min: 0, max: 6 }),
            kind: fc.constantFrom('closed', 'hours', 'extra') as fc.Arbitrary<'closed' | 'hours' | 'extra'>,
            ranges,
          }),
          { maxLength: 4 },
        ),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 7 * 24 * 4 }), fc.integer({ min: 1, max: 12 })), {
          maxLength: 8,
        }),
        fc.record({
          duration: fc.constantFrom(30, 60, 90),
          step: fc.constantFrom(15, 30, 45),
          buffer: fc.integer({ min: 0, max: 30 }),
          notice: fc.constantFrom(0, 45, 120),
          horizon: fc.integer({ min: 1, max: 8 }),
          // Minutes from the first day's midnight to now: mostly before it, sometimes within the first day.
          nowMinute: fc.integer({ min: -36 * 60, max: 20 * 60 }),
        }),
        (days, from, span, overrideSpec, busySpec, o) => {
          const weeklyHours = days as WeeklyHours;
          const dates = Array.from({ length: span + 1 }, (_, i) =>
            new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
          );
          const overrides = overrideSpec.map((spec) => ({
            date: dates[spec.day % dates.length] as string,
            kind: spec.kind,
            ranges: spec.kind === 'closed' ? [] : spec.ranges,
          }));
          const origin = londonInstantByHand(from, 0);
          const busy = busySpec.map(([q, length]) => ({
            start: origin + q * 15 * 60_000,
            end: origin + (q + length) * 15 * 60_000,
          }));
          const now = origin + o.nowMinute * 60_000;
          const today = onLondonClock(now).date;
          const lastDay = new Date(Date.parse(`${today}T00:00:00Z`) + o.horizon * 86_400_000)
            .toISOString()
            .slice(0, 10);
          const r = rules({
            weeklyHours,
            overrides,
            bufferMinutes: o.buffer,
            minNoticeMinutes: o.notice,
            horizonDays: o.horizon,
            slotStepMinutes: o.step,
          });
          const result = computeSlots(r, {
            durationMinutes: o.duration,
            from,
            to: dates.at(-1) as string,
            now,
            today,
            busy,
          });
          // Every start on the step grid from each opening that fits before closing, keeps the notice, lies on a
          // day inside the horizon, and whose treatment and buffer meet no booking.
          const expected = dates.map((date) => {
            const slots: number[] = [];
            for (const open of openByHand(rangesByHand(weeklyHours, overrides, date), date))
              for (let start = open.start; start + o.duration * 60_000 <= open.end; start += o.step * 60_000) {
                const occupied = start + (o.duration + o.buffer) * 60_000;
                if (start < now + o.notice * 60_000 || onLondonClock(start).date > lastDay) continue;
                if (busy.some((b) => b.start < occupied && start < b.end)) continue;
                slots.push(start);
              }
            return { date, slots };
          });
          expect(result).toEqual(expected);
        },
      ),
      {
        numRuns: 300,
        examples: [
          // A Sunday's range inside the hour the spring change skips, then one after it (29 March 2026).
          [
            [
              [
                { start: '01:15', end: '01:30' },
                { start: '02:00', end: '03:30' },
              ],
              [],
              [],
              [],
              [],
              [],
              [],
            ],
            '2026-03-26',
            3,
            [],
            [],
            { duration: 30, step: 15, buffer: 0, notice: 0, horizon: 3, nowMinute: 0 },
          ],
        ],
      },
    );
  });

  it('joins opening ranges that touch, so a treatment may run across the join', () => {
    const split = allDay.map(() => [
      { start: '12:00', end: '17:00' },
      { start: '09:00', end: '12:00' },
    ]);
    const times = slotsOf(rules({ weeklyHours: split }), '2026-03-10').map(hhmm);
    expect(times).toContain('11:30'); // 11:30–12:30 crosses the join
    expect(times[0]).toBe('09:00'); // the morning range, written second, still counts
    expect(times.at(-1)).toBe('16:00');
    expect(times).toHaveLength(29);
  });

  it('applies each override to its own date only, across a request of several days', () => {
    const overrides = [
      { date: '2026-03-10', kind: 'closed' as const, ranges: [] },
      { date: '2026-03-11', kind: 'hours' as const, ranges: [{ start: '14:00', end: '15:00' }] },
      { date: '2026-03-12', kind: 'extra' as const, ranges: [{ start: '08:00', end: '09:00' }] },
    ];
    const days = computeSlots(rules({ overrides }), {
      durationMinutes: 60,
      from: '2026-03-09',
      to: '2026-03-13',
      now: NOW,
      today: localDateOf(NOW, TZ),
      busy: [],
    });
    const summary = days.map((day) => [day.date, day.slots.length, day.slots.map(hhmm)[0], day.slots.map(hhmm).at(-1)]);
    expect(summary).toEqual([
      ['2026-03-09', 41, '10:00', '20:00'], // Monday, its weekly hours
      ['2026-03-10', 0, undefined, undefined], // closed
      ['2026-03-11', 1, '14:00', '14:00'], // hours replaced
      ['2026-03-12', 42, '08:00', '20:00'], // extra hours before the weekly ones, which stay
      ['2026-03-13', 41, '10:00', '20:00'],
    ]);
    expect(days[3]?.slots.map(hhmm)).not.toContain('09:15'); // 08:00–09:00 and 10:00–21:00 do not meet
  });

  it('offers a slot that starts exactly when the minimum notice runs out, and not one a minute sooner', () => {
    const now = zonedInstant('2026-03-10', '10:00', TZ) - 120 * 60_000; // 10:00 is exactly two hours away
    expect(slotsOf(rules(), '2026-03-10', 60, [], now).map(hhmm)[0]).toBe('10:00');
    expect(slotsOf(rules(), '2026-03-10', 60, [], now + 60_000).map(hhmm)[0]).toBe('10:15');
  });

  it('re-checks one start a client asks for: free on the grid, refused off it, when taken or too soon', () => {
    const ask = (time: string, extra: { busy?: Interval[]; now?: number } = {}) =>
      isSlotFree(rules(), {
        durationMinutes: 60,
        start: zonedInstant('2026-03-10', time, TZ),
        date: '2026-03-10',
        now: extra.now ?? NOW,
        today: localDateOf(extra.now ?? NOW, TZ),
        busy: extra.busy ?? [],
      });
    expect(ask('10:15')).toBe(true);
    expect(ask('10:10')).toBe(false);
    expect(ask('20:15')).toBe(false); // would end after closing
    const booked = { start: zonedInstant('2026-03-10', '11:00', TZ), end: zonedInstant('2026-03-10', '12:15', TZ) };
    expect(ask('10:15', { busy: [booked] })).toBe(false);
    expect(ask('10:15', { now: zonedInstant('2026-03-10', '09:00', TZ) })).toBe(false);
  });

  it('joins sorted intervals that meet or overlap, keeping the apart ones apart (the calendar and analytics use it)', () => {
    const joined = mergeIntervals([
      { start: 0, end: 10 },
      { start: 10, end: 20 },
      { start: 15, end: 18 },
      { start: 21, end: 30 },
    ]);
    expect(joined).toEqual([
      { start: 0, end: 20 },
      { start: 21, end: 30 },
    ]);
    expect(mergeIntervals([])).toEqual([]);
  });

  it('offers nothing from the midnight that ends the last day of the horizon', () => {
    const now = zonedInstant('2026-03-10', '00:00', TZ);
    const r = rules({
      weeklyHours: allDay,
      horizonDays: 1,
      minNoticeMinutes: 0,
      bufferMinutes: 0,
      slotStepMinutes: 60,
    });
    const days = computeSlots(r, {
      durationMinutes: 60,
      from: '2026-03-11',
      to: '2026-03-12',
      now,
      today: '2026-03-10',
      busy: [],
    });
    expect(days.map((day) => day.slots.length)).toEqual([24, 0]);
  });

  it("gives a date's ranges: none when closed, the override's hours instead of the week's, extra hours beside them", () => {
    const weekly = rules();
    const withOverride = (kind: 'closed' | 'hours' | 'extra') =>
      rangesOfDate(
        {
          ...weekly,
          overrides: [
            { date: '2026-03-10', kind, ranges: kind === 'closed' ? [] : [{ start: '08:00', end: '09:00' }] },
          ],
        },
        '2026-03-10',
      );
    expect(withOverride('closed')).toEqual([]);
    expect(withOverride('hours')).toEqual([{ start: '08:00', end: '09:00' }]);
    expect(withOverride('extra')).toEqual([
      { start: '10:00', end: '21:00' },
      { start: '08:00', end: '09:00' },
    ]);
  });

  it('opens nothing for a range that the spring change empties or turns around (the calendar and analytics read it)', () => {
    const sunday = (ranges: { start: string; end: string }[]) =>
      openIntervalsOfDate(rules({ weeklyHours: [ranges, [], [], [], [], [], []] }), '2026-03-29');
    expect(sunday([{ start: '01:00', end: '02:00' }])).toEqual([]); // the hour that does not exist
    expect(sunday([{ start: '01:30', end: '02:00' }])).toEqual([]); // 02:30 BST to 02:00 BST
    expect(sunday([{ start: '01:00', end: '03:00' }])).toEqual([
      { start: Date.parse('2026-03-29T01:00:00Z'), end: Date.parse('2026-03-29T02:00:00Z') },
    ]);
  });
});
