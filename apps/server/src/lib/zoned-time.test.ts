import { zonedParts } from '@app/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  datesBetween,
  formatForClient,
  localDateOf,
  offsetMinutes,
  weekdayOf,
  zonedInstant,
} from './zoned-time.ts';

// The expected values are the published rules of each zone (London: GMT, BST from the last Sunday of March to the
// last Sunday of October at 01:00 UTC; New York: EST/EDT, changing at 02:00 local on the second Sunday of March and
// the first of November; Kolkata: UTC+5:30 all year), not anything the module works out.
const at = (iso: string) => Date.parse(iso);

describe('wall-clock time in a zone', () => {
  it('reads the local date, time and weekday of an instant', () => {
    expect(zonedParts(at('2026-07-15T23:30:00Z'), 'Europe/London')).toMatchObject({
      year: 2026,
      month: 7,
      day: 16,
      hour: 0,
      minute: 30,
      weekday: 4,
    });
    expect(zonedParts(at('2026-01-04T04:59:00Z'), 'America/New_York')).toMatchObject({
      year: 2026,
      month: 1,
      day: 3,
      hour: 23,
      minute: 59,
      weekday: 6,
    });
    expect(zonedParts(at('2026-07-15T23:30:42Z'), 'Europe/London').second).toBe(42);
    expect(zonedParts(at('2026-03-01T18:30:00Z'), 'Asia/Kolkata').weekday).toBe(1); // Monday, midnight
    expect(zonedParts(at('2026-03-01T18:29:00Z'), 'Asia/Kolkata').weekday).toBe(0);
    expect(localDateOf(at('2026-01-05T00:00:00Z'), 'Europe/London')).toBe('2026-01-05');
    expect(localDateOf(at('2026-10-25T23:30:00Z'), 'Asia/Kolkata')).toBe('2026-10-26');
  });

  it("gives the zone's offset from UTC in minutes, whatever the seconds of the instant", () => {
    expect(offsetMinutes(at('2026-01-15T12:00:00Z'), 'Europe/London')).toBe(0);
    expect(offsetMinutes(at('2026-07-15T12:00:00Z'), 'Europe/London')).toBe(60);
    expect(offsetMinutes(at('2026-07-15T12:00:59.999Z'), 'Europe/London')).toBe(60);
    expect(offsetMinutes(at('2026-01-15T12:00:00Z'), 'America/New_York')).toBe(-300);
    expect(offsetMinutes(at('2026-07-15T12:00:30Z'), 'America/New_York')).toBe(-240);
    expect(offsetMinutes(at('2026-07-15T12:00:30Z'), 'Asia/Kolkata')).toBe(330);
    expect(offsetMinutes(at('2026-03-29T00:59:00Z'), 'Europe/London')).toBe(0);
    expect(offsetMinutes(at('2026-03-29T01:00:00Z'), 'Europe/London')).toBe(60);
  });

  it('finds the instant of a local date and time, around both changes of the clocks', () => {
    const iso = (date: string, time: string, zone: string) => new Date(zonedInstant(date, time, zone)).toISOString();
    expect(iso('2026-03-08', '02:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z'); // skipped: 03:30 EDT
    expect(iso('2026-03-08', '03:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
    expect(iso('2026-03-08', '01:59', 'America/New_York')).toBe('2026-03-08T06:59:00.000Z');
    expect(iso('2026-11-01', '01:30', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z'); // the first, EDT
    expect(iso('2026-11-01', '02:00', 'America/New_York')).toBe('2026-11-01T07:00:00.000Z');
    expect(iso('2026-10-25', '00:59', 'Europe/London')).toBe('2026-10-24T23:59:00.000Z');
    expect(iso('2026-10-25', '02:00', 'Europe/London')).toBe('2026-10-25T02:00:00.000Z');
    expect(iso('2026-03-29', '00:59', 'Europe/London')).toBe('2026-03-29T00:59:00.000Z');
    expect(iso('2026-03-29', '02:00', 'Europe/London')).toBe('2026-03-29T01:00:00.000Z');
    expect(iso('2026-06-01', '00:00', 'Asia/Kolkata')).toBe('2026-05-31T18:30:00.000Z');
    expect(iso('2026-12-31', '24:00', 'Europe/London')).toBe('2027-01-01T00:00:00.000Z');
  });

  it('reads back every time of every day that the clock shows (property)', () => {
    const zone = fc.constantFrom('Europe/London', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe');
    fc.assert(
      fc.property(zone, fc.integer({ min: 0, max: 3 * 365 * 24 * 60 }), (timeZone, minutes) => {
        const instant = at('2025-01-01T00:00:00Z') + minutes * 60_000;
        const p = zonedParts(instant, timeZone);
        const date = localDateOf(instant, timeZone);
        const time = `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
        const found = zonedInstant(date, time, timeZone);
        // The instant itself, or for a repeated time its first occurrence (before it, and showing the same clock).
        expect(found <= instant).toBe(true);
        expect(zonedParts(found, timeZone)).toEqual(p);
        expect(instant - found).toBeLessThanOrEqual(60 * 60_000);
      }),
      { numRuns: 400 },
    );
  });
});

describe('calendar dates', () => {
  it('lists the dates from one to another inclusive, across the end of a month', () => {
    expect(datesBetween('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(datesBetween('2026-03-01', '2026-03-01')).toEqual(['2026-03-01']);
    expect(datesBetween('2026-03-02', '2026-03-01')).toEqual([]);
  });

  it('names the weekday of a date and counts days forward and back', () => {
    expect(['2026-03-08', '2026-03-09', '2026-03-14'].map(weekdayOf)).toEqual([0, 1, 6]);
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30'); // a 23-hour day in London is still one date
  });

  it('counts months forward to the same day, or to the last day of a shorter month', () => {
    expect(addMonths('2026-03-15', 12)).toBe('2027-03-15');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
  });

  it("writes a time for a client with its zone's name", () => {
    expect(formatForClient(at('2026-03-29T13:00:00Z'), 'Europe/London')).toBe(
      'Sunday, 29 March 2026 at 14:00 BST (Europe/London)',
    );
    expect(formatForClient(new Date('2026-01-05T09:05:00Z'), 'Europe/London')).toBe(
      'Monday, 5 January 2026 at 09:05 GMT (Europe/London)',
    );
  });
});
