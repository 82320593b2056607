import type { AddOn, AddOnInput, AddOnTakeUp } from '@app/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../api-client.ts';
import { useRefreshingMutation } from '../mutations.ts';

// The owner's add-ons (decision 079): the list, its take-up and the edits; the funnel's offer is in add-ons.ts.

export const adminAddOnsQuery = queryOptions({
  queryKey: ['add-ons', 'admin'],
  queryFn: () => apiFetch<{ addOns: AddOn[] }>('/admin/add-ons'),
  select: (data) => data.addOns,
});

export const addOnTakeUpQuery = (period: { from: string; to: string }) =>
  queryOptions({
    queryKey: ['add-ons', 'take-up', period],
    queryFn: () => apiFetch<AddOnTakeUp>(`/admin/add-ons/take-up?${new URLSearchParams(period)}`),
  });

export const useCreateAddOn = () =>
  useRefreshingMutation(
    [['add-ons']],
    (input: AddOnInput) => apiFetch<AddOn>('/admin/add-ons', { method: 'POST', body: input }),
    'success',
  );

export const useUpdateAddOn = () =>
  useRefreshingMutation(
    [['add-ons']],
    ({ id, changes }: { id: string; changes: Partial<AddOnInput> & { archived?: boolean } }) =>
      apiFetch<AddOn>(`/admin/add-ons/${id}`, { method: 'PATCH', body: changes }),
    'success',
  );
