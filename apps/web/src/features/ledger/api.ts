import type { JournalPage, LedgerAccount, ListJournalQuery, TrialBalance } from '@app/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';

const query = (values: Record<string, string | number | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values))
    if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
};

export const ledgerAccountsQuery = () =>
  queryOptions({
    queryKey: ['ledger', 'accounts'],
    queryFn: () => apiFetch<LedgerAccount[]>('/admin/ledger/accounts'),
    staleTime: 60_000,
  });

export const journalQuery = (filters: Partial<ListJournalQuery>) =>
  queryOptions({
    queryKey: ['ledger', 'journal', filters],
    queryFn: () => apiFetch<JournalPage>(`/admin/ledger/journal${query(filters)}`),
    placeholderData: keepPreviousData,
  });

export const trialBalanceQuery = (period: { from?: string; to?: string }) =>
  queryOptions({
    queryKey: ['ledger', 'trial-balance', period],
    queryFn: () => apiFetch<TrialBalance>(`/admin/ledger/trial-balance${query(period)}`),
    placeholderData: keepPreviousData,
  });
