import type { BusinessDetails, PaymentPolicy, PaymentPolicyAnswer, UpdateBusinessDetailsInput } from '@app/shared';
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
