import type { PnlGranularity } from '@app/shared';

/** A column of a report: its key as the database groups it, a label, and its first and last day. */
export type ReportPeriod = { key: string; label: string; start: string; end: string };

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const pad = (n: number) => String(n).padStart(2, '0');
const dayOf = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day));
const iso = (date: Date) => date.toISOString().slice(0, 10);

/** The month a period of the granularity starting at (year, month) spans, and its key and label. */
function periodAt(year: number, month: number, granularity: PnlGranularity) {
  if (granularity === 'month')
    return { key: `${year}-${pad(month)}`, label: `${monthNames[month - 1]} ${year}`, months: 1 };
  if (granularity === 'quarter') {
    const quarter = Math.floor((month - 1) / 3) + 1;
    return { key: `${year}-Q${quarter}`, label: `Q${quarter} ${year}`, months: 3 };
  }
  return { key: String(year), label: String(year), months: 12 };
}

/**
 * Every month, quarter or calendar year touching [from, to], in order, the first and last clipped to the
 * range; keys match `periodKeySql` so rows grouped in SQL land in their column.
 */
export function reportPeriods(from: string, to: string, granularity: PnlGranularity): ReportPeriod[] {
  const [fromYear = 0, fromMonth = 1] = from.split('-').map(Number);
  const span = granularity === 'month' ? 1 : granularity === 'quarter' ? 3 : 12;
  let year = fromYear;
  let month = granularity === 'month' ? fromMonth : granularity === 'quarter' ? fromMonth - ((fromMonth - 1) % 3) : 1;
  const periods: ReportPeriod[] = [];
  for (;;) {
    const start = iso(dayOf(year, month, 1));
    if (start > to) break;
    const { key, label } = periodAt(year, month, granularity);
    const end = iso(dayOf(year, month + span, 0));
    periods.push({ key, label, start: start < from ? from : start, end: end > to ? to : end });
    month += span;
    if (month > 12) {
      month -= 12;
      year += 1;
    }
  }
  return periods;
}

/** The financial year starting in `startMonth` of `year`: 2026 from April is 2026-04-01 to 2027-03-31. */
export function financialYear(year: number, startMonth: number): ReportPeriod {
  const start = iso(dayOf(year, startMonth, 1));
  const end = iso(dayOf(year + 1, startMonth, 0));
  const label = startMonth === 1 ? String(year) : `${year}–${String(year + 1).slice(2)}`;
  return { key: label, label, start, end };
}
