import type { AnalyticsBucket } from '@app/shared';

/** A bucket's first day as an axis label: "3 Mar" for days and weeks, "Mar 2026" for months. */
export function bucketLabel(start: string, bucket: AnalyticsBucket, locale = 'en-GB'): string {
  const options: Intl.DateTimeFormatOptions =
    bucket === 'month' ? { month: 'short', year: 'numeric' } : { day: 'numeric', month: 'short' };
  return new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(new Date(`${start}T00:00:00Z`));
}

/** "3 Mar 2026", for the range shown in words. */
export function dayLabel(date: string, locale = 'en-GB'): string {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

export function percentOf(rate: number | null, locale = 'en-GB'): string {
  if (rate === null) return '—';
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(rate);
}

/** Whole pounds on axes and in cards: analytics is about size, not pence. */
export function moneyOf(pence: number, locale = 'en-GB', currency = 'GBP'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 0 }).format(pence / 100);
}

export const weekdayNames = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
