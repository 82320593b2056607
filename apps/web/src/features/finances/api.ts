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

/** A report read at `apiPath`; a new period replaces the figures in place instead of flashing a loader. */
const reportQuery = <Report>(queryKey: readonly unknown[], apiPath: string) =>
  queryOptions({
    queryKey: ['finances', ...queryKey],
    queryFn: () => apiFetch<Report>(apiPath),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const profitAndLossQuery = (range: DateRange, granularity: PnlGranularity) =>
  reportQuery<ProfitAndLoss>(['profit-and-loss', range, granularity], path.profitAndLoss(range, granularity));

export const vatQuery = (range: DateRange) => reportQuery<VatReport>(['vat', range], path.vat(range));

export const cashQuery = (range: DateRange) => reportQuery<CashReport>(['cash', range], path.cash(range));

export const yearEndQuery = (choice: YearChoice) =>
  reportQuery<YearEndSummary>(['year-end', choice], path.yearEnd(choice));

export const financesCsvUrl = {
  profitAndLoss: (range: DateRange, granularity: PnlGranularity) => csvUrl(path.profitAndLoss(range, granularity)),
  vat: (range: DateRange) => csvUrl(path.vat(range)),
  cash: (range: DateRange) => csvUrl(path.cash(range)),
  yearEnd: (choice: YearChoice) => csvUrl(path.yearEnd(choice)),
};
