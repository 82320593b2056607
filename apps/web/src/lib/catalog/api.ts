import type { Service, Style } from '@app/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../api-client.ts';
import { useSensualFlag } from './sensual-flag.ts';

/** The server lists sensual services only to visitors with the flag cookie, so the flag is part of the key. */
export const servicesQuery = (withSensual: boolean) =>
  queryOptions({
    queryKey: ['services', 'list', { withSensual }],
    queryFn: () => apiFetch<{ services: Service[] }>('/services'),
    select: (data) => data.services.filter((service) => service.active && (withSensual || service.style !== 'sensual')),
  });

export function useServices() {
  const withSensual = useSensualFlag();
  return useQuery(servicesQuery(withSensual));
}

/** Styles in the order the business offers them; sensual only for flagged visitors. */
export function visibleStyles(withSensual: boolean): Style[] {
  return withSensual ? ['therapeutic', 'sensual'] : ['therapeutic'];
}
