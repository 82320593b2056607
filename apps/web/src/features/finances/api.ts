import type { CashReport, PnlGranularity, ProfitAndLoss, VatReport, YearEndSummary } from '@app/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';

export type DateRange = { from: string; to: string };
export type YearChoice = { year: number; yearStartMonth: number };

const path = {
  profitAndLoss: (range: DateRange, granularity: PnlGranularity) =>
    `/admin/finances/profit-and-loss?${new URLSearchParams({ ...range, granularity })}`,
  vat: (range: DateRange) => `/admin/finances/vat?${new URLSearchParams(range)}`,
  cash: (range: DateRange) => `/admin/finances/cash?${new URLSearchParams(range)}`,
  yearEnd: (choice: YearChoice) =>
    `/admin/finances/year-end?${new URLSearchParams({ year: String(choice.year), yearStartMonth: String(choice.yearStartMonth) })}`,
};

/** Served as an attachment: a plain link downloads it with the admin's session cookie. */
export const csvUrl = (apiPath: string) => `/api${apiPath}&format=csv`;

// A new period replaces the figures in place instead of flashing a loader.
const common = { placeholderData: keepPreviousData, staleTime: 30_000 } as const;

export const profitAndLossQuery = (range: DateRange, granularity: PnlGranularity) =>
  queryOptions({
    queryKey: ['finances', 'profit-and-loss', range, granularity],
    queryFn: () => apiFetch<ProfitAndLoss>(path.profitAndLoss(range, granularity)),
    ...common,
  });

export const vatQuery = (range: DateRange) =>
  queryOptions({
    queryKey: ['finances', 'vat', range],
    queryFn: () => apiFetch<VatReport>(path.vat(range)),
    ...common,
  });

export const cashQuery = (range: DateRange) =>
  queryOptions({
    queryKey: ['finances', 'cash', range],
    queryFn: () => apiFetch<CashReport>(path.cash(range)),
    ...common,
  });

export const yearEndQuery = (choice: YearChoice) =>
  queryOptions({
    queryKey: ['finances', 'year-end', choice],
    queryFn: () => apiFetch<YearEndSummary>(path.yearEnd(choice)),
    ...common,
  });

export const financesCsvUrl = {
  profitAndLoss: (range: DateRange, granularity: PnlGranularity) => csvUrl(path.profitAndLoss(range, granularity)),
  vat: (range: DateRange) => csvUrl(path.vat(range)),
  cash: (range: DateRange) => csvUrl(path.cash(range)),
  yearEnd: (choice: YearChoice) => csvUrl(path.yearEnd(choice)),
};
