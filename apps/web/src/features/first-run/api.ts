import { type FirstRunInput, type FirstRunStatus, firstRunStatusSchema } from '@app/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';
import { useRefreshingMutation } from '../../lib/mutations.ts';

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
export const useCreateFirstAdmin = () =>
  useRefreshingMutation([['first-run']], (input: FirstRunInput) =>
    apiFetch<{ user: { id: string; email: string } }>('/setup', { method: 'POST', body: input }),
  );
