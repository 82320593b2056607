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

/** The instant at which London's clock shows `time` on `date`. */
export function londonInstant(date: string, time: string): string {
  const guess = Date.parse(`${date}T${time}:00Z`);
  const shown = new Intl.DateTimeFormat('en-GB', {
    timeZone: TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(guess));
  const [h, m] = shown.split(':').map(Number) as [number, number];
  const offset = (h * 60 + m - (Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)))) * 60_000;
  return new Date(guess - offset).toISOString();
}
