import type { BuyVoucherInput, IssueVoucherInput, Voucher, VoucherPage, VoucherPurchase } from '@app/shared';
import { apiFetch } from '../../lib/api-client.ts';
import { freshListQuery, freshQuery } from '../../lib/fresh-query.ts';
import { listQueryString, useRefreshingMutation } from '../../lib/mutations.ts';

export type VoucherFilters = { q: string; page: number; pageSize: number };

export const vouchersQuery = (filters: VoucherFilters) =>
  freshListQuery<VoucherPage>(['vouchers', 'list', filters], `/admin/vouchers?${listQueryString(filters)}`);

export const myVouchersQuery = freshQuery<Voucher[]>(['vouchers', 'mine'], '/vouchers');

export const myVoucherQuery = (id: string) =>
  freshQuery<Voucher>(['vouchers', 'mine', id], `/vouchers/${encodeURIComponent(id)}`);

export const useIssueVoucher = () =>
  useRefreshingMutation(
    [['vouchers']],
    (input: IssueVoucherInput) => apiFetch<Voucher>('/admin/vouchers', { method: 'POST', body: input }),
    'success',
  );

export const useBuyVoucher = () =>
  useRefreshingMutation(
    [['vouchers', 'mine']],
    (input: BuyVoucherInput) => apiFetch<VoucherPurchase>('/vouchers', { method: 'POST', body: input }),
    'success',
  );
