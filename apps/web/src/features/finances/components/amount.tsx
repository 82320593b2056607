/** Book-keeping figures: always two decimals, so columns of amounts line up. */
export function formatAmount(pence: number, locale = 'en-GB', currency = 'GBP'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2 }).format(pence / 100);
}

/** An amount; a negative one carries its minus sign and is shown in dark red, so it is seen without colour too. */
export function Amount({ pence, locale, currency }: { pence: number; locale?: string; currency?: string }) {
  const text = formatAmount(pence, locale, currency);
  if (pence >= 0) return <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;
  return (
    <span style={{ whiteSpace: 'nowrap', color: 'var(--mantine-color-red-9)', fontWeight: 600 }} data-negative="true">
      {text}
    </span>
  );
}
