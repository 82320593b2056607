import { formatMoney } from '../../../lib/format.ts';

/** An amount; a negative one carries its minus sign and is shown in red (deep on white, pale in the dark), so it is seen without colour too. */
export function Amount({ pence, locale, currency }: { pence: number; locale?: string; currency?: string }) {
  const text = formatMoney(pence, locale, currency);
  if (pence >= 0) return <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;
  return (
    <span style={{ whiteSpace: 'nowrap', color: 'var(--app-danger-text)', fontWeight: 600 }} data-negative="true">
      {text}
    </span>
  );
}
