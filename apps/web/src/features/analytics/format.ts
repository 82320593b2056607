import type { AnalyticsBucket } from '@app/shared';

/** A bucket's first day as an axis label: "3 Mar" for days and weeks, "Mar 2026" for months. */
export function bucketLabel(start: string, bucket: AnalyticsBucket, locale = 'en-GB'): string {
  const options: Intl.DateTimeFormatOptions =
    bucket === 'month' ? { month: 'short', year: 'numeric' } : { day: 'numeric', month: 'short' };
  return new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(new Date(`${start}T00:00:00Z`));
}

export function percentOf(rate: number | null, locale = 'en-GB'): string {
  if (rate === null) return '—';
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(rate);
}

export const weekdayNames = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
