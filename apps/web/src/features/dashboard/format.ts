/** Dates and times of the back office, on the business's clock (the zone the server names), never the browser's. */

export function dayKey(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(instant),
  );
}

export function timeOf(instant: string, timeZone: string, locale = 'en-GB'): string {
  return new Intl.DateTimeFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit' }).format(new Date(instant));
}

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

export function dateTimeOf(instant: string, timeZone: string, locale = 'en-GB'): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(instant));
}

/** Groups bookings (sorted by start) by their day on the business clock, keeping the order. */
export function groupByDay<T extends { startsAt: string }>(items: T[], timeZone: string): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = dayKey(item.startsAt, timeZone);
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
