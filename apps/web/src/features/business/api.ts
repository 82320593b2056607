import type {
  BankTransferSettingsInput,
  BankTransfersAnswer,
  BusinessDetails,
  PaymentPolicy,
  PaymentPolicyAnswer,
  UpdateBusinessDetailsInput,
} from '@app/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';

export const businessDetailsQuery = queryOptions({
  queryKey: ['business', 'details'],
  queryFn: () => apiFetch<BusinessDetails>('/admin/business'),
});

export function useSaveBusinessDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateBusinessDetailsInput) =>
      apiFetch<BusinessDetails>('/admin/business', { method: 'PUT', body: input }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(businessDetailsQuery.queryKey, saved);
      // The public config carries the name, area and contact details every page shows; the checklist counts them.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['config'] }),
        queryClient.invalidateQueries({ queryKey: ['setup'] }),
      ]);
    },
  });
}

export const paymentPolicyQuery = queryOptions({
  queryKey: ['business', 'payment-policy'],
  queryFn: () => apiFetch<PaymentPolicyAnswer>('/admin/payments/policy'),
});

export function useSavePaymentPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PaymentPolicy) =>
      apiFetch<PaymentPolicyAnswer>('/admin/payments/policy', { method: 'PUT', body: input }),
    onSuccess: (saved) => queryClient.setQueryData(paymentPolicyQuery.queryKey, saved),
  });
}

// Deposits by bank transfer for sensual bookings (decision 066).
export type BankDepositAction = 'received' | 'release' | 'refund';
export const bankTransfersQuery = queryOptions({
  queryKey: ['business', 'bank-transfers'],
  queryFn: () => apiFetch<BankTransfersAnswer>('/admin/bank-transfers'),
});

export function useSaveBankTransferSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BankTransferSettingsInput) =>
      apiFetch<BankTransfersAnswer>('/admin/bank-transfers/settings', { method: 'PUT', body: input }),
    onSuccess: (saved) => queryClient.setQueryData(bankTransfersQuery.queryKey, saved),
  });
}

/** The owner marks a deposit received, releases the time of one that will not come, or pays a held one back. */
export function useBankDepositAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: BankDepositAction }) =>
      apiFetch<BankTransfersAnswer>(`/admin/bank-transfers/${encodeURIComponent(id)}/${action}`, {
        method: 'POST',
        body: {},
      }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(bankTransfersQuery.queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: ['admin-bookings'] });
    },
  });
}
