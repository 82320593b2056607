import { labelledValues } from '@app/shared';
import { isDay } from '../../../lib/zoned-time.ts';
import type { DateRange } from '../api.ts';

export const [periodPresets, presetLabels] = labelledValues({
  month: 'This month',
  quarter: 'This quarter',
  year: 'This year',
  'last-year': 'Last year',
  custom: 'Custom dates',
});
export type PeriodPreset = (typeof periodPresets)[number];

const pad = (n: number) => String(n).padStart(2, '0');
/** The last day of a month (month 1–12; a month past 12 rolls into the next year). */
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);

/** The dates a preset stands for on `today` (the business's date); custom dates fall back to this year. */
export function rangeOf(
  preset: PeriodPreset,
  today: string,
  custom: { from: string | null; to: string | null },
): DateRange {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  switch (preset) {
    case 'month':
      return { from: `${year}-${pad(month)}-01`, to: lastDay(year, month) };
    case 'quarter': {
      const first = month - ((month - 1) % 3);
      return { from: `${year}-${pad(first)}-01`, to: lastDay(year, first + 2) };
    }
    case 'last-year':
      return { from: `${year - 1}-01-01`, to: `${year - 1}-12-31` };
    case 'custom':
      if (isDay(custom.from) && isDay(custom.to)) return { from: custom.from, to: custom.to };
      return { from: `${year}-01-01`, to: `${year}-12-31` };
    default:
      return { from: `${year}-01-01`, to: `${year}-12-31` };
  }
}

export const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
