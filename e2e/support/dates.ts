export const TIME_ZONE = 'Europe/London';

/** The calendar date London's clock shows at an instant, as YYYY-MM-DD. */
export function localDate(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/**
 * The nth weekday (Monday to Friday, open 10:00–21:00 by default) at least three days ahead in London: far from
 * the two hours' notice and the 24-hour change cut-off, whatever the time of day the suite runs.
 */
export function weekdayAhead(index: number): string {
  const found: string[] = [];
  for (let days = 3; found.length <= index; days++) {
    const date = localDate(new Date(Date.now() + days * 86_400_000));
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekday >= 1 && weekday <= 5 && !found.includes(date)) found.push(date);
  }
  return found[index] as string;
}
