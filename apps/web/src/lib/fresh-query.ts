import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './api-client.ts';

/**
 * A read at `path` that a screen shows as the server holds it now: asked again each time a screen mounts it
 * (staleTime 0, where other reads are kept a minute), for what changes from elsewhere: a booking, an invoice, an
 * offer someone else may take, a record the owner writes on another device.
 */
export const freshQuery = <T>(queryKey: readonly unknown[], path: string) =>
  queryOptions({ queryKey, queryFn: () => apiFetch<T>(path), staleTime: 0 });
