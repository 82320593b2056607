// Building an Intl.NumberFormat costs far more than using one (it dominated the home page's first render on a
// phone), so each locale, currency and precision gets one.
const priceFormats = new Map<string, Intl.NumberFormat>();

/** Prices come from the server in pence; shown in the business's currency and locale. */
export function formatPrice(pence: number, locale = 'en-GB', currency = 'GBP'): string {
  const whole = pence % 100 === 0;
  const key = `${locale}|${currency}|${whole}`;
  let format = priceFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: 2,
    });
    priceFormats.set(key, format);
  }
  return format.format(pence / 100);
}

export function formatDuration(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
