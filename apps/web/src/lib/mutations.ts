import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * A change sent to the server, after which every query under each of `keys` is read again (['expenses'] refreshes
 * the list, the totals and any open expense). By default after a failure too: a refused change often means the
 * server moved on (a slot taken, an invoice paid meanwhile), and the screen should show what it holds now. With
 * `after: 'success'` a failure leaves the cache alone.
 */
export function useRefreshingMutation<TData, TVariables = void>(
  keys: QueryKey[],
  mutationFn: (variables: TVariables) => Promise<TData>,
  after: 'settled' | 'success' = 'settled',
) {
  const queryClient = useQueryClient();
  const refresh = () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  return useMutation({ mutationFn, ...(after === 'settled' ? { onSettled: refresh } : { onSuccess: refresh }) });
}

/**
 * A change whose answer is the new state of one query (`queryKey`): the answer is stored there at once, with no read
 * back, and every query under each of `refreshKeys` is read again (the public configuration, say, that shows it).
 * A failure leaves the cache alone.
 */
export function useQuerySettingMutation<TData, TVariables>(
  queryKey: QueryKey,
  mutationFn: (variables: TVariables) => Promise<TData>,
  refreshKeys: QueryKey[] = [],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (saved) => {
      queryClient.setQueryData(queryKey, saved);
      await Promise.all(refreshKeys.map((key) => queryClient.invalidateQueries({ queryKey: key })));
    },
  });
}

/**
 * A change that removes one item: the item's own query (`removedKey`) is dropped rather than read again, which would
 * only answer that it is gone, and the list (`listKey`) is read again. A failure leaves the cache alone.
 */
export function useRemovingMutation<TData, TVariables = void>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  removedKey: (variables: TVariables) => QueryKey,
  listKey: QueryKey,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_data, variables) => {
      queryClient.removeQueries({ queryKey: removedKey(variables) });
      return queryClient.invalidateQueries({ queryKey: listKey });
    },
  });
}

/** A list's query string: every filter that has a value, and the page; empty filters are left out. */
export function listQueryString(values: Record<string, string | number | null | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== '' && value != null) query.set(key, String(value));
  return query.toString();
}

/**
 * Actions report through mutateAsync's promise, not mutate's per-call callbacks: React Query drops those when the
 * component that called has unmounted, and the refetch that follows a change (a booking cancelled, an invoice paid)
 * can remove the very form that acted, losing its confirmation. This is the promise's failure branch: the failed
 * mutation's own `error` is already on screen where it was asked.
 */
export function ignoreShownError() {}
