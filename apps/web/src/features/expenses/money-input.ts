/**
 * Amounts are typed in pounds and sent in pence: "12", "12.5", "£1,234.56" are read by string
 * arithmetic, never through floating point, so 0.1 + 0.2 never turns into 30.000000000000004 pence.
 */
export function poundsToPence(text: string): number | null {
  const value = text.trim().replace(/[£,\s]/g, '');
  const match = /^(\d{1,9})(?:\.(\d{0,2}))?$|^\.(\d{1,2})$/.exec(value);
  if (!match) return null;
  const whole = Number(match[1] ?? '0');
  const fraction = (match[2] ?? match[3] ?? '').padEnd(2, '0');
  return whole * 100 + Number(fraction);
}

/** Pence as the owner would type them back: "12.50", "7.00". */
export function penceToPounds(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "£" for GBP in en-GB: the symbol shown beside amount fields. */
export function currencySymbol(locale: string, currency: string): string {
  const part = new Intl.NumberFormat(locale, { style: 'currency', currency })
    .formatToParts(0)
    .find((p) => p.type === 'currency');
  return part?.value ?? currency;
}

/** Money in lists and totals: always with pence, so columns line up. */
export function moneyFormatter(locale: string, currency: string): (pence: number) => string {
  const format = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return (pence) => format.format(pence / 100);
}
