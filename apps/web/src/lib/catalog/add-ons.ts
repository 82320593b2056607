import type { AddOn, Service } from '@app/shared';
import { addOnAppliesTo } from '@app/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../api-client.ts';
import { useSensualFlag } from './sensual-flag.ts';

// Add-ons (decision 079): the funnel's offer. The owner's list and edits are in admin-add-ons.ts, so that the booking
// page's first script carries none of their code. In lib/ because the catalogue's editor, the funnel and the booking
// sheet are three features.

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

/** The ids in the funnel's address (`addOns=a,b`), as a list. */
export function addOnIdsOf(param: string | null | undefined): string[] {
  return (param ?? '').split(',').filter(Boolean);
}
