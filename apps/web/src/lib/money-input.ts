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

/** Pounds typed in a number box, as whole pence; null when empty or not a number. */
export function penceOf(pounds: number | string): number | null {
  if (pounds === '' || pounds === null) return null;
  const value = typeof pounds === 'number' ? pounds : Number(pounds);
  return Number.isFinite(value) ? Math.round(value * 100) : null;
}
