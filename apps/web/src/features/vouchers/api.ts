import type { BuyVoucherInput, IssueVoucherInput, Voucher, VoucherPage, VoucherPurchase } from '@app/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';

export type VoucherFilters = { q: string; page: number; pageSize: number };

export const vouchersQuery = (filters: VoucherFilters) =>
  queryOptions({
    queryKey: ['vouchers', 'list', filters],
    queryFn: () => {
      const params = new URLSearchParams({ page: String(filters.page), pageSize: String(filters.pageSize) });
      if (filters.q) params.set('q', filters.q);
      return apiFetch<VoucherPage>(`/admin/vouchers?${params}`);
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const myVouchersQuery = queryOptions({
  queryKey: ['vouchers', 'mine'],
  queryFn: () => apiFetch<Voucher[]>('/vouchers'),
  staleTime: 0,
});

export const myVoucherQuery = (id: string) =>
  queryOptions({
    queryKey: ['vouchers', 'mine', id],
    queryFn: () => apiFetch<Voucher>(`/vouchers/${encodeURIComponent(id)}`),
    staleTime: 0,
  });

export function useIssueVoucher() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: IssueVoucherInput) => apiFetch<Voucher>('/admin/vouchers', { method: 'POST', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['vouchers'] }),
  });
}

export function useBuyVoucher() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: BuyVoucherInput) => apiFetch<VoucherPurchase>('/vouchers', { method: 'POST', body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['vouchers', 'mine'] }),
  });
}
