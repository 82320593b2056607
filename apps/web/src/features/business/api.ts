import type {
  BankTransferSettingsInput,
  BankTransfersAnswer,
  BusinessDetails,
  PaymentPolicy,
  PaymentPolicyAnswer,
  UpdateBusinessDetailsInput,
} from '@app/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';
import { useQuerySettingMutation } from '../../lib/mutations.ts';

export const businessDetailsQuery = queryOptions({
  queryKey: ['business', 'details'],
  queryFn: () => apiFetch<BusinessDetails>('/admin/business'),
});

export const useSaveBusinessDetails = () =>
  useQuerySettingMutation(
    businessDetailsQuery.queryKey,
    (input: UpdateBusinessDetailsInput) => apiFetch<BusinessDetails>('/admin/business', { method: 'PUT', body: input }),
    // The public config carries the name, area and contact details every page shows; the checklist counts them.
    [['config'], ['setup']],
  );

export const paymentPolicyQuery = queryOptions({
  queryKey: ['business', 'payment-policy'],
  queryFn: () => apiFetch<PaymentPolicyAnswer>('/admin/payments/policy'),
});

export const useSavePaymentPolicy = () =>
  useQuerySettingMutation(paymentPolicyQuery.queryKey, (input: PaymentPolicy) =>
    apiFetch<PaymentPolicyAnswer>('/admin/payments/policy', { method: 'PUT', body: input }),
  );

// Deposits by bank transfer for sensual bookings (decision 066).
export type BankDepositAction = 'received' | 'release' | 'refund';
export const bankTransfersQuery = queryOptions({
  queryKey: ['business', 'bank-transfers'],
  queryFn: () => apiFetch<BankTransfersAnswer>('/admin/bank-transfers'),
});

export const useSaveBankTransferSettings = () =>
  useQuerySettingMutation(bankTransfersQuery.queryKey, (input: BankTransferSettingsInput) =>
    apiFetch<BankTransfersAnswer>('/admin/bank-transfers/settings', { method: 'PUT', body: input }),
  );

/** The owner marks a deposit received, releases the time of one that will not come, or pays a held one back. */
export const useBankDepositAction = () =>
  useQuerySettingMutation(
    bankTransfersQuery.queryKey,
    ({ id, action }: { id: string; action: BankDepositAction }) =>
      apiFetch<BankTransfersAnswer>(`/admin/bank-transfers/${encodeURIComponent(id)}/${action}`, {
        method: 'POST',
        body: {},
      }),
    [['admin-bookings']],
  );
