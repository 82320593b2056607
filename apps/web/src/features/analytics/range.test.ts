import { describe, expect, it } from 'vitest';
import { cellStyle, hoursShown } from './components/busy-times.tsx';
import { defaultBucket, resolveRange } from './range.ts';

const today = '2026-11-22';
const resolve = (query: string, span?: { first: string | null; last: string | null }) =>
  resolveRange(new URLSearchParams(query), today, span);

describe('the period in the address', () => {
  it('shows the last 30 days, by day, when the address names no period', () => {
    expect(resolve('')).toEqual({
      preset: 'last30',
      from: '2026-10-24',
      to: today,
      bucket: 'day',
      bucketChosen: false,
    });
  });

  it('reads this year up to today by week, and last year whole', () => {
    expect(resolve('range=thisYear')).toMatchObject({ from: '2026-01-01', to: today, bucket: 'week' });
    expect(resolve('range=lastYear')).toMatchObject({ from: '2025-01-01', to: '2025-12-31', bucket: 'week' });
  });

  it('runs all time from the first booking to the last, by month', () => {
    expect(resolve('range=all', { first: '2021-03-04', last: '2026-12-30' })).toMatchObject({
      from: '2021-03-04',
      to: '2026-12-30',
      bucket: 'month',
    });
    expect(resolve('range=all', { first: null, last: null })).toMatchObject({ from: today, to: today });
  });

  it('keeps only the latest ten years of a longer history, as the server allows', () => {
    const range = resolve('range=all', { first: '2001-01-01', last: '2026-01-01' });
    expect(range.to).toBe(today);
    expect(range.from > '2016-11-22').toBe(true);
    expect(range.from < '2016-12-01').toBe(true);
  });

  it('takes custom dates and a chosen bucket, and falls back on unreadable ones', () => {
    expect(resolve('range=custom&from=2026-02-01&to=2026-02-10&bucket=month')).toEqual({
      preset: 'custom',
      from: '2026-02-01',
      to: '2026-02-10',
      bucket: 'month',
      bucketChosen: true,
    });
    expect(resolve('range=custom&from=2026-02-10&to=2026-02-01').preset).toBe('last30');
    expect(resolve('range=custom&from=nonsense&to=2026-02-01').preset).toBe('last30');
    expect(resolve('range=decade&bucket=year')).toMatchObject({ preset: 'last30', bucket: 'day' });
  });

  it('groups by day up to two months, by week up to a year, by month beyond', () => {
    expect(defaultBucket('2026-01-01', '2026-03-03')).toBe('day');
    expect(defaultBucket('2026-01-01', '2026-03-04')).toBe('week');
    expect(defaultBucket('2025-01-01', '2026-01-01')).toBe('week');
    expect(defaultBucket('2025-01-01', '2026-01-02')).toBe('month');
  });
});

describe('the busy-times grid', () => {
  const contrast = (background: string, color: string) => {
    const channels = (css: string) =>
      css.startsWith('#')
        ? [1, 3, 5].map((i) =>
            Number.parseInt(css.length === 4 ? (css[Math.ceil(i / 2)]?.repeat(2) ?? '') : css.slice(i, i + 2), 16),
          )
        : (css.match(/\d+/g) ?? []).map(Number);
    const lum = (rgb: number[]) => {
      const [r = 0, g = 0, b = 0] = rgb.map((c) =>
        c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4,
      );
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const [a, b] = [lum(channels(background)), lum(channels(color))].sort((x, y) => y - x) as [number, number];
    return (a + 0.05) / (b + 0.05);
  };

  it('keeps every cell’s number readable, from the quietest hour to the busiest', () => {
    for (let bookings = 0; bookings <= 40; bookings++) {
      const style = cellStyle(bookings, 40);
      expect(contrast(style.background, style.color)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('shows the working day, widened to any hour that had a booking', () => {
    expect(hoursShown([])).toEqual([9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(hoursShown([{ weekday: 5, hour: 0, bookings: 1 }])[0]).toBe(0);
    expect(hoursShown([{ weekday: 5, hour: 22, bookings: 2 }]).at(-1)).toBe(22);
  });
});
