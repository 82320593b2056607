/** Book-keeping figures: always two decimals, so columns of amounts line up. */
export function formatAmount(pence: number, locale = 'en-GB', currency = 'GBP'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2 }).format(pence / 100);
}

/** An accounting date (YYYY-MM-DD) as the owner reads it, e.g. '3 Mar 2026'. */
export function formatEntryDate(date: string, locale = 'en-GB'): string {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
}
