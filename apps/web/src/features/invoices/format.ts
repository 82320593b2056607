import type { CSSProperties } from 'react';

/** Invoice amounts always show pence (an invoice of £70 reads £70.00), in the business's currency. */
export function formatMoney(pence: number, locale = 'en-GB', currency = 'GBP'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(pence / 100);
}

/** 'YYYY-MM-DD' as '3 Mar 2026'; a date has no time, so it is read in UTC. */
export function formatDay(date: string | null, locale = 'en-GB'): string {
  if (!date) return '—';
  return new Intl.DateTimeFormat(locale, { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** Pounds typed in a number box, as whole pence; null when empty or not a number. */
export function penceOf(pounds: number | string): number | null {
  if (pounds === '' || pounds === null) return null;
  const value = typeof pounds === 'number' ? pounds : Number(pounds);
  return Number.isFinite(value) ? Math.round(value * 100) : null;
}

/** Mantine's error red fails WCAG AA contrast on white (in messages and in the invalid field's text): a darker one. */
export const readableErrors = { '--mantine-color-error': 'var(--mantine-color-red-9)' } as CSSProperties;
