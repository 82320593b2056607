import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch } from './api-client.ts';

/**
 * A read at `path` that a screen shows as the server holds it now: asked again each time a screen mounts it
 * (staleTime 0, where other reads are kept a minute), for what changes from elsewhere: a booking, an invoice, an
 * offer someone else may take, a record the owner writes on another device.
 */
export const freshQuery = <T>(queryKey: readonly unknown[], path: string) =>
  queryOptions({ queryKey, queryFn: () => apiFetch<T>(path), staleTime: 0 });

/** A freshQuery of a list's page or period: the rows shown stay in place while the next ones load. */
export const freshListQuery = <T>(queryKey: readonly unknown[], path: string) =>
  queryOptions({ queryKey, queryFn: () => apiFetch<T>(path), placeholderData: keepPreviousData, staleTime: 0 });
