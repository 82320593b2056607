import { localDateIn } from '../../lib/format.ts';

/** The dashboard's day headings and its bookings grouped by day, on the business's clock. */

export function dayTitle(date: string, today: string, locale = 'en-GB'): string {
  const spelled = new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  }).format(new Date(`${date}T12:00:00Z`));
  const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  if (date === today) return `Today, ${spelled}`;
  if (date === tomorrow) return `Tomorrow, ${spelled}`;
  return spelled;
}

/** Groups bookings (sorted by start) by their day on the business clock, keeping the order. */
export function groupByDay<T extends { startsAt: string }>(items: T[], timeZone: string): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = localDateIn(item.startsAt, timeZone);
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return [...groups.entries()];
}

/** The change against the previous period, as the owner reads it: '+3', '−£40', 'same'. */
export function changeText(current: number, previous: number, format: (n: number) => string): string {
  const delta = current - previous;
  if (Math.abs(delta) < 1e-9) return 'same';
  return `${delta > 0 ? '+' : '−'}${format(Math.abs(delta))}`;
}
