import type { Service, UpdateServiceInput } from '@app/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';

/** Every service, active or not, for the owner. */
export const adminServicesQuery = queryOptions({
  queryKey: ['services', 'admin'],
  queryFn: () => apiFetch<{ services: Service[] }>('/admin/services'),
  select: (data) => data.services,
});

export function useUpdateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateServiceInput }) =>
      apiFetch<Service>(`/admin/services/${id}`, { method: 'PATCH', body: changes }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['services'] }),
  });
}
