/**
 * Money, dates, times and durations as the screens show them: the one place each is written. Times of day are
 * always read on the business's clock (the `timeZone` the server names), never the browser's, so a client abroad
 * still sees the time in their confirmation email. A calendar date ('YYYY-MM-DD') has no time: it is read at noon
 * UTC, which is the same day in every zone.
 */

// Building an Intl format costs far more than using one (it dominated the home page's first render on a phone), so
// each locale and set of options gets one.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function cached<F>(formats: Map<string, F>, locale: string, options: object, make: () => F): F {
  const key = `${locale}|${JSON.stringify(options)}`;
  const found = formats.get(key);
  if (found) return found;
  const format = make();
  formats.set(key, format);
  return format;
}

const numberFormat = (locale: string, options: Intl.NumberFormatOptions) =>
  cached(numberFormats, locale, options, () => new Intl.NumberFormat(locale, options));

const dateFormat = (locale: string, options: Intl.DateTimeFormatOptions) =>
  cached(dateFormats, locale, options, () => new Intl.DateTimeFormat(locale, options));

const noonUtc = (date: string) => new Date(`${date}T12:00:00Z`);

// ——— Money (the server sends pence) ———

/** A price: whole pounds without pence (£70), otherwise with them (£72.50). */
export function formatPrice(pence: number, locale = 'en-GB', currency = 'GBP'): string {
  const whole = pence % 100 === 0;
  const digits = whole ? 0 : 2;
  return numberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: 2,
  }).format(pence / 100);
}

/** An amount of invoices, vouchers, expenses and the books: always with pence (£70.00), so columns line up. */
export function formatMoney(pence: number, locale = 'en-GB', currency = 'GBP'): string {
  const options = { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 } as const;
  return numberFormat(locale, options).format(pence / 100);
}

/** `formatMoney` bound to the business's locale and currency, for lists that format many amounts. */
export function moneyFormatter(locale: string, currency: string): (pence: number) => string {
  return (pence) => formatMoney(pence, locale, currency);
}

/** Whole pounds, for charts and cards that are about size rather than pence. */
export function formatWholeMoney(pence: number, locale = 'en-GB', currency = 'GBP'): string {
  return numberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 0 }).format(pence / 100);
}

/** "£" for GBP in en-GB: the symbol shown beside amount fields. */
export function currencySymbol(locale: string, currency: string): string {
  const parts = numberFormat(locale, { style: 'currency', currency }).formatToParts(0);
  return parts.find((p) => p.type === 'currency')?.value ?? currency;
}

// ——— Durations ———

export function formatDuration(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

// ——— Calendar dates ('YYYY-MM-DD') ———

/** '3 Mar 2026'; '—' for no date. */
export function formatDay(date: string | null, locale = 'en-GB'): string {
  if (!date) return '—';
  return dateFormat(locale, { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' }).format(noonUtc(date));
}

/** 'Tue 3 Mar 2026'. */
export function formatShortDate(date: string, locale = 'en-GB'): string {
  const options = { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' } as const;
  return dateFormat(locale, options).format(noonUtc(date));
}

/** 'Tuesday 3 March 2026'. */
export function formatLongDate(date: string, locale = 'en-GB'): string {
  const options = { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' } as const;
  return dateFormat(locale, options).format(noonUtc(date));
}

/** '24 November 2027' (a voucher's last day). */
export function formatDayMonthYear(date: string, locale = 'en-GB'): string {
  return dateFormat(locale, { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' }).format(noonUtc(date));
}

/** 'March 2026'. */
export function formatMonth(date: string, locale = 'en-GB'): string {
  return dateFormat(locale, { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(noonUtc(date));
}

// ——— Instants, on the business's clock ———

/** The calendar date 'YYYY-MM-DD' of an instant in a time zone. */
export function localDateIn(instant: Date | string, timeZone: string): string {
  const options = { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' } as const;
  return dateFormat('en-CA', options).format(new Date(instant));
}

/** '10:30'. */
export function formatTime(instant: string, timeZone: string, locale = 'en-GB'): string {
  return dateFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit' }).format(new Date(instant));
}

/** 'Tuesday 24 November 2026 at 10:30'. */
export function formatDateTime(instant: string, timeZone: string, locale = 'en-GB'): string {
  const day = { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' } as const;
  return dateFormat(locale, { timeZone, ...day, hour: '2-digit', minute: '2-digit' }).format(new Date(instant));
}

const shortDayTime = { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' } as const;

/** 'Tue 24 Nov, 10:30': short enough for the bottom bar of /book on a phone and for lists. */
export function formatShortDateTime(instant: string, timeZone: string, locale = 'en-GB'): string {
  return dateFormat(locale, { timeZone, ...shortDayTime }).format(new Date(instant));
}

/** 'Tue 24 Nov 10:30', without the comma: how the owner writes a time in a diary (the booking's history). */
export function formatDiaryDateTime(instant: string, timeZone: string): string {
  const parts = dateFormat('en-GB', { timeZone, ...shortDayTime, hourCycle: 'h23' }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('hour')}:${part('minute')}`;
}

/** '24 Nov 2026, 10:30': when something happened; in the browser's zone when no zone is given. */
export function formatInstant(at: string, timeZone?: string, locale = 'en-GB'): string {
  const options = { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' } as const;
  return dateFormat(locale, { timeZone, ...options, hourCycle: 'h23' }).format(new Date(at));
}

/** A period, e.g. 'Wed 25 Nov, 14:00–15:30', or 'Wed 25 Nov, 14:00 – Thu 26 Nov, 09:00' across midnight. */
export function formatRange(start: string, end: string, timeZone: string, locale = 'en-GB'): string {
  const dayFormat = dateFormat(locale, { timeZone, weekday: 'short', day: 'numeric', month: 'short' });
  const timeFormat = dateFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const day = (at: string) => dayFormat.format(new Date(at));
  const time = (at: string) => timeFormat.format(new Date(at));
  return day(start) === day(end)
    ? `${day(start)}, ${time(start)}–${time(end)}`
    : `${day(start)}, ${time(start)} – ${day(end)}, ${time(end)}`;
}
