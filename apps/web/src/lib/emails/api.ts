import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../api-client.ts';

/** A one-off email to one customer: from the emails page and from the customer's own page. */
export function useComposeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { customerId: string; subject: string; body: string }) =>
      apiFetch<{ id: string }>('/admin/emails', { method: 'POST', body: input }),
    // The customer's page lists the emails sent to them.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['emails'] }),
        queryClient.invalidateQueries({ queryKey: ['customers', 'one'] }),
      ]),
  });
}
