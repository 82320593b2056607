import { describe, expect, it } from 'vitest';
import { addDays, fromWallClock, todayIn, toWallClock } from './zoned-time.ts';

describe('zoned time', () => {
  it('reads an instant on the business clock, in summer and in winter', () => {
    // London is UTC+1 in summer, UTC in winter.
    expect(toWallClock('2026-07-01T09:00:00Z', 'Europe/London').toISOString()).toBe('2026-07-01T10:00:00.000Z');
    expect(toWallClock('2026-12-01T09:00:00Z', 'Europe/London').toISOString()).toBe('2026-12-01T09:00:00.000Z');
    expect(toWallClock('2026-12-01T09:00:00Z', 'America/New_York').toISOString()).toBe('2026-12-01T04:00:00.000Z');
  });

  it('turns a time dropped on the calendar back into the instant it means, across a clock change', () => {
    const wall = (iso: string) => new Date(iso);
    expect(fromWallClock(wall('2026-07-01T10:00:00Z'), 'Europe/London').toISOString()).toBe('2026-07-01T09:00:00.000Z');
    // 29 March 2026: clocks go forward at 01:00; 10:00 that day is 09:00 UTC, the day before 10:00 UTC.
    expect(fromWallClock(wall('2026-03-29T10:00:00Z'), 'Europe/London').toISOString()).toBe('2026-03-29T09:00:00.000Z');
    expect(fromWallClock(wall('2026-03-28T10:00:00Z'), 'Europe/London').toISOString()).toBe('2026-03-28T10:00:00.000Z');
    for (const instant of ['2026-10-25T12:30:00Z', '2026-01-15T23:45:00Z', '2026-06-30T23:15:00Z'])
      expect(fromWallClock(toWallClock(instant, 'Europe/London'), 'Europe/London').toISOString()).toBe(
        new Date(instant).toISOString(),
      );
  });

  it('knows the business’s date when the browser’s differs', () => {
    // 23:30 UTC on 31 December is already 1 January in Tokyo.
    expect(todayIn('Asia/Tokyo', Date.parse('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});
