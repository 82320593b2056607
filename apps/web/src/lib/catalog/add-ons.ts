import type { AddOn, AddOnInput, AddOnTakeUp, Service } from '@app/shared';
import { addOnAppliesTo } from '@app/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../api-client.ts';
import { useRefreshingMutation } from '../mutations.ts';
import { useSensualFlag } from './sensual-flag.ts';

// Add-ons (decision 079): the funnel's offer, the owner's list and edits, and the booking sheet's change.
// In lib/ because the catalogue's editor, the funnel and the booking sheet are three features.

/** What the funnel may offer; the server leaves out sensual-only add-ons without the flag, so it is in the key. */
export const publicAddOnsQuery = (withSensual: boolean) =>
  queryOptions({
    queryKey: ['add-ons', 'list', { withSensual }],
    queryFn: () => apiFetch<{ addOns: AddOn[] }>('/add-ons'),
    select: (data) => data.addOns,
  });

/** The add-ons offered with this treatment (none until the list has loaded; asked once a treatment is chosen). */
export function useAddOnsFor(service: Pick<Service, 'type'> | undefined) {
  const withSensual = useSensualFlag();
  const query = useQuery({ ...publicAddOnsQuery(withSensual), enabled: Boolean(service) });
  const offered = service ? (query.data ?? []).filter((a) => addOnAppliesTo(a, service.type)) : [];
  return { ...query, offered };
}

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

/** The ids in the funnel's address (`addOns=a,b`), as a list. */
export function addOnIdsOf(param: string | null | undefined): string[] {
  return (param ?? '').split(',').filter(Boolean);
}
