import { describe, expect, it } from 'vitest';
import { seriesOccurrences } from './series-occurrences.ts';

// The expected instants come from London's published clock: GMT (UTC+0) until BST starts on the last Sunday of March
// (29 March 2026, 01:00 UTC), BST (UTC+1) until the last Sunday of October (25 October 2026, 01:00 UTC). A standing
// appointment keeps its wall clock: 10:00 London is 10:00 UTC in winter and 09:00 UTC in summer. Pure: no database.
const london = 'Europe/London';
const at = (iso: string) => Date.parse(iso);
const iso = (instants: number[]) => instants.map((instant) => new Date(instant).toISOString());

describe('seriesOccurrences', () => {
  it('keeps a weekly 10:00 at 10:00 London across the spring change (Tuesday 17 March 2026, four times)', () => {
    const series = seriesOccurrences({
      startsAt: at('2026-03-17T10:00:00Z'),
      timeZone: london,
      repeat: { everyWeeks: 1, count: 4 },
    });
    expect(iso(series.instants)).toEqual([
      '2026-03-17T10:00:00.000Z',
      '2026-03-24T10:00:00.000Z',
      '2026-03-31T09:00:00.000Z',
      '2026-04-07T09:00:00.000Z',
    ]);
    expect(series.localTime).toBe('10:00');
    expect(series.weekday).toBe(2);
    expect(series.everyWeeks).toBe(1);
  });

  it('keeps it across the autumn change: Tuesday 20 October 2026 10:00 BST, then 10:00 GMT', () => {
    const series = seriesOccurrences({
      startsAt: at('2026-10-20T09:00:00Z'),
      timeZone: london,
      repeat: { everyWeeks: 1, count: 2 },
    });
    expect(iso(series.instants)).toEqual(['2026-10-20T09:00:00.000Z', '2026-10-27T10:00:00.000Z']);
    expect(series.localTime).toBe('10:00');
  });

  it('takes the day and time from the business clock: 00:15 BST on Tuesday 2 June 2026 is Monday 23:15 UTC', () => {
    const series = seriesOccurrences({
      startsAt: at('2026-06-01T23:15:00Z'),
      timeZone: london,
      repeat: { everyWeeks: 2, count: 2 },
    });
    expect(series.weekday).toBe(2);
    expect(series.localTime).toBe('00:15');
    expect(iso(series.instants)).toEqual(['2026-06-01T23:15:00.000Z', '2026-06-15T23:15:00.000Z']);
  });

  it('writes single-digit hours and minutes with two digits', () => {
    const series = seriesOccurrences({
      startsAt: at('2026-01-06T09:05:00Z'),
      timeZone: london,
      repeat: { everyWeeks: 4, count: 2 },
    });
    expect(series.localTime).toBe('09:05');
    expect(series.everyWeeks).toBe(4);
    expect(iso(series.instants)).toEqual(['2026-01-06T09:05:00.000Z', '2026-02-03T09:05:00.000Z']);
  });

  it('includes the last day whatever the time of the appointment (fortnightly until Tuesday 14 April 2026)', () => {
    const series = seriesOccurrences({
      startsAt: at('2026-03-17T10:00:00Z'),
      timeZone: london,
      repeat: { everyWeeks: 2, until: '2026-04-14' },
    });
    expect(iso(series.instants)).toEqual([
      '2026-03-17T10:00:00.000Z',
      '2026-03-31T09:00:00.000Z',
      '2026-04-14T09:00:00.000Z',
    ]);
  });

  it('stops the day after the last day: a 23:45 appointment on the day after is not included', () => {
    const series = seriesOccurrences({
      startsAt: at('2026-01-06T23:45:00Z'),
      timeZone: london,
      repeat: { everyWeeks: 1, until: '2026-01-19' },
    });
    expect(iso(series.instants)).toEqual(['2026-01-06T23:45:00.000Z', '2026-01-13T23:45:00.000Z']);
  });

  it('stops at 52 appointments (a year of weekly visits) however far the last day', () => {
    const series = seriesOccurrences({
      startsAt: at('2026-01-06T10:00:00Z'),
      timeZone: london,
      repeat: { everyWeeks: 1, until: '2030-12-31' },
    });
    expect(series.instants).toHaveLength(52);
    expect(new Date(series.instants[51] ?? 0).toISOString()).toBe('2026-12-29T10:00:00.000Z');
  });

  it('writes the rule as RFC 5545 does for a wall clock in a named zone', () => {
    const counted = seriesOccurrences({
      startsAt: at('2026-03-17T10:00:00Z'),
      timeZone: london,
      repeat: { everyWeeks: 2, count: 4 },
    });
    const [start, rule] = counted.rule.split('\n');
    expect(start).toBe('DTSTART;TZID=Europe/London:20260317T100000');
    expect(rule?.startsWith('RRULE:')).toBe(true);
    expect(rule?.slice('RRULE:'.length).split(';').sort()).toEqual(['COUNT=4', 'FREQ=WEEKLY', 'INTERVAL=2']);

    const until = seriesOccurrences({
      startsAt: at('2026-07-07T09:30:00Z'),
      timeZone: london,
      repeat: { everyWeeks: 1, until: '2026-08-04' },
    });
    const [untilStart, untilRule] = until.rule.split('\n');
    expect(untilStart).toBe('DTSTART;TZID=Europe/London:20260707T103000');
    expect(untilRule?.slice('RRULE:'.length).split(';').sort()).toEqual([
      'FREQ=WEEKLY',
      'INTERVAL=1',
      'UNTIL=20260804T235959Z',
    ]);
  });

  it('counts on the zone it is given: New York changes on the second Sunday of March (8 March 2026)', () => {
    const series = seriesOccurrences({
      startsAt: at('2026-03-03T15:00:00Z'),
      timeZone: 'America/New_York',
      repeat: { everyWeeks: 1, count: 2 },
    });
    expect(series.localTime).toBe('10:00');
    expect(iso(series.instants)).toEqual(['2026-03-03T15:00:00.000Z', '2026-03-10T14:00:00.000Z']);
    expect(series.rule.split('\n')[0]).toBe('DTSTART;TZID=America/New_York:20260303T100000');
  });
});
