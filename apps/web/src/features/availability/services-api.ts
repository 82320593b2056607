import type { Service, UpdateServiceInput } from '@app/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';
import { useRefreshingMutation } from '../../lib/mutations.ts';

/** Every service, active or not, for the owner. */
export const adminServicesQuery = queryOptions({
  queryKey: ['services', 'admin'],
  queryFn: () => apiFetch<{ services: Service[] }>('/admin/services'),
  select: (data) => data.services,
});

export const useUpdateService = () =>
  useRefreshingMutation(
    [['services']],
    ({ id, changes }: { id: string; changes: UpdateServiceInput }) =>
      apiFetch<Service>(`/admin/services/${id}`, { method: 'PATCH', body: changes }),
    'success',
  );
