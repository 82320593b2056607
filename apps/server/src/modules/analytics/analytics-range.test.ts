import { describe, expect, it } from 'vitest';
import { addDays } from '../../lib/zoned-time.ts';
import { wholeMonthsOf } from './analytics-range.ts';

// Decision 096: a range reads its whole months from the monthly rows and the days at either end from the daily rows;
// every day of the range must be in exactly one of the two.
describe('the whole months of a range', () => {
  it('are the months wholly inside it, the days at either end left to the daily rows', () => {
    expect(wholeMonthsOf({ from: '2026-01-15', to: '2026-04-10' })).toEqual({
      monthsFrom: '2026-02-01',
      monthsTo: '2026-04-01',
    });
    // A range on month boundaries is months alone; a year end and a leap February are crossed.
    expect(wholeMonthsOf({ from: '2023-12-01', to: '2024-02-29' })).toEqual({
      monthsFrom: '2023-12-01',
      monthsTo: '2024-03-01',
    });
    expect(wholeMonthsOf({ from: '2025-12-31', to: '2026-02-28' })).toEqual({
      monthsFrom: '2026-01-01',
      monthsTo: '2026-03-01',
    });
  });

  it('are none when no month is whole: every day is read from the daily rows', () => {
    for (const range of [
      { from: '2026-01-15', to: '2026-01-20' },
      { from: '2026-01-15', to: '2026-02-10' },
      { from: '2026-01-01', to: '2026-01-30' },
      { from: '2026-01-02', to: '2026-01-31' },
    ])
      expect(wholeMonthsOf(range)).toEqual({ monthsFrom: range.from, monthsTo: range.from });
  });

  it('leave no day out and count none twice, whatever the range', () => {
    const days = (from: string, to: string) => {
      const out: string[] = [];
      for (
        let day = new Date(`${from}T00:00:00Z`);
        day <= new Date(`${to}T00:00:00Z`);
        day.setUTCDate(day.getUTCDate() + 1)
      )
        out.push(day.toISOString().slice(0, 10));
      return out;
    };
    const all = days('2023-11-20', '2024-04-10');
    for (const from of all.filter((_, index) => index % 9 === 0))
      for (const to of all.filter((day, index) => index % 7 === 0 && day >= from)) {
        const { monthsFrom, monthsTo } = wholeMonthsOf({ from, to });
        const read = days(from, to).map((day) => {
          const month = `${day.slice(0, 8)}01`;
          const byMonth = month >= monthsFrom && month < monthsTo;
          const byDay = (day >= from && day < monthsFrom) || (day >= monthsTo && day <= to);
          return Number(byMonth) + Number(byDay);
        });
        expect(read.every((times) => times === 1)).toBe(true);
        // A month read whole lies inside the range.
        if (monthsFrom < monthsTo) expect(monthsFrom >= from && addDays(monthsTo, -1) <= to).toBe(true);
      }
  });
});
