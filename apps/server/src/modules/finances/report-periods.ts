import type { PnlGranularity } from '@app/shared';

/** A column of a report: its key as the database groups it, a label, and its first and last day. */
export type ReportPeriod = { key: string; label: string; start: string; end: string };

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const dayOf = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day));
const iso = (date: Date) => date.toISOString().slice(0, 10);

function labelOf(year: number, month: number, granularity: PnlGranularity): string {
  if (granularity === 'month') return `${monthNames[month - 1]} ${year}`;
  if (granularity === 'quarter') return `Q${Math.floor((month - 1) / 3) + 1} ${year}`;
  return String(year);
}

/**
 * Every month, quarter or calendar year touching [from, to], in order, the first and last clipped to the
 * range. A period's key is its first day before clipping, as the SQL groups rows (date_trunc).
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
    const end = iso(dayOf(year, month + span, 0));
    const label = labelOf(year, month, granularity);
    periods.push({ key: start, label, start: start < from ? from : start, end: end > to ? to : end });
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
