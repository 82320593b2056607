/** Reading the wall clock of an IANA time zone with Intl only: the server's slot arithmetic and the web's calendars. */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  // Stryker disable next-line ConditionalExpression: a formatter made anew each time reads the same clock (a cache)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

const weekdays: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

/** What the zone's clock shows at an instant (UTC milliseconds); weekday 0 is Sunday. */
export function zonedParts(instant: number, timeZone: string) {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    // Stryker disable next-line StringLiteral: the formatter asks for the weekday, so Intl always gives one
    weekday: weekdays[parts.weekday ?? 'Sun'] ?? 0,
  };
}

export type ZonedParts = ReturnType<typeof zonedParts>;
