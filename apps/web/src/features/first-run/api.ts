import { type FirstRunInput, type FirstRunStatus, firstRunStatusSchema } from '@app/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';

export const firstRunStatusQuery = (token: string | null) =>
  queryOptions<FirstRunStatus>({
    queryKey: ['first-run', 'status', token],
    queryFn: async () => {
      const query = token ? `?token=${encodeURIComponent(token)}` : '';
      return firstRunStatusSchema.parse(await apiFetch(`/setup/status${query}`)).status;
    },
    retry: false,
  });

/** Creates the first admin; the server signs them in (the session cookie comes with the answer). */
export function useCreateFirstAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FirstRunInput) =>
      apiFetch<{ user: { id: string; email: string } }>('/setup', { method: 'POST', body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['first-run'] }),
  });
}
