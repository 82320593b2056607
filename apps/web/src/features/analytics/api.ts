import type {
  AnalyticsBucket,
  AnalyticsSpan,
  BookingsOverTime,
  ByService,
  ClientsOverTime,
  Heatmap,
  LeadTime,
  Occupancy,
  Outcomes,
} from '@app/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';

export type AnalyticsRange = { from: string; to: string };

/** Each chart has its own endpoint and query, so one slow chart never holds the others back. */
function chartQuery<T>(chart: string, range: AnalyticsRange, bucket?: AnalyticsBucket) {
  const params = new URLSearchParams({ from: range.from, to: range.to });
  if (bucket) params.set('bucket', bucket);
  return queryOptions({
    queryKey: ['analytics', chart, range.from, range.to, bucket ?? null],
    queryFn: () => apiFetch<T>(`/admin/analytics/${chart}?${params}`),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export const bookingsOverTimeQuery = (range: AnalyticsRange, bucket: AnalyticsBucket) =>
  chartQuery<BookingsOverTime>('bookings-over-time', range, bucket);
export const byServiceQuery = (range: AnalyticsRange) => chartQuery<ByService>('by-service', range);
export const occupancyQuery = (range: AnalyticsRange, bucket: AnalyticsBucket) =>
  chartQuery<Occupancy>('occupancy', range, bucket);
export const outcomesQuery = (range: AnalyticsRange) => chartQuery<Outcomes>('outcomes', range);
export const clientsQuery = (range: AnalyticsRange, bucket: AnalyticsBucket) =>
  chartQuery<ClientsOverTime>('clients', range, bucket);
export const leadTimeQuery = (range: AnalyticsRange) => chartQuery<LeadTime>('lead-time', range);
export const heatmapQuery = (range: AnalyticsRange) => chartQuery<Heatmap>('heatmap', range);
export const spanQuery = queryOptions({
  queryKey: ['analytics', 'span'],
  queryFn: () => apiFetch<AnalyticsSpan>('/admin/analytics/span'),
  staleTime: 5 * 60_000,
});
