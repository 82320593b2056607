import { describe, expect, it } from 'vitest';
import { changeText, dayTitle, groupByDay } from './format.ts';

describe('dashboard format', () => {
  it('groups bookings by their day on the business clock, not UTC', () => {
    const late = { id: 'a', startsAt: '2026-12-02T23:30:00Z' };
    const early = { id: 'b', startsAt: '2026-12-03T09:00:00Z' };
    // In Tokyo 23:30 UTC on the 2nd is already the 3rd.
    expect(groupByDay([late, early], 'Asia/Tokyo')).toEqual([['2026-12-03', [late, early]]]);
    expect(groupByDay([late, early], 'Europe/London').map(([day]) => day)).toEqual(['2026-12-02', '2026-12-03']);
  });

  it('names today and tomorrow', () => {
    expect(dayTitle('2026-12-02', '2026-12-02')).toMatch(/^Today, Wednesday,? 2 December$/);
    expect(dayTitle('2026-12-03', '2026-12-02')).toMatch(/^Tomorrow, Thursday,? 3 December$/);
    expect(dayTitle('2026-12-04', '2026-12-02')).toMatch(/^Friday,? 4 December$/);
  });

  it('spells the change against the previous period with its sign', () => {
    const n = (x: number) => String(x);
    expect(changeText(7, 4, n)).toBe('+3');
    expect(changeText(2, 5, n)).toBe('−3');
    expect(changeText(5, 5, n)).toBe('same');
  });
});
