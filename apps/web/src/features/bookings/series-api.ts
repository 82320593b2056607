import type {
  BookingSeriesAnswer,
  CancelSeriesInput,
  CancelSeriesResult,
  ClientSeries,
  CreateSeriesInput,
  CreateSeriesResult,
  MoveSeriesInput,
  MoveSeriesResult,
  PreviewSeriesInput,
  SeriesPreview,
} from '@app/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';
import { freshQuery } from '../../lib/fresh-query.ts';
import { useRefreshingMutation } from '../../lib/mutations.ts';

/** Standing appointments: keys under 'bookings', so a change to one date refreshes its series. */

export const seriesPreviewQuery = (input: PreviewSeriesInput) =>
  queryOptions({
    queryKey: ['bookings', 'series', 'preview', input],
    queryFn: () => apiFetch<SeriesPreview>('/admin/series/preview', { method: 'POST', body: input }),
    staleTime: 0,
  });

export const bookingSeriesQuery = (bookingId: string) =>
  freshQuery<BookingSeriesAnswer>(
    ['bookings', 'series', 'of', bookingId],
    `/admin/bookings/${encodeURIComponent(bookingId)}/series`,
  );

export const mySeriesQuery = queryOptions({
  queryKey: ['bookings', 'series', 'mine'],
  queryFn: () => apiFetch<{ series: ClientSeries[] }>('/series'),
});

const seriesKeys = [['bookings'], ['slots'], ['dashboard']];

export function useCreateSeries() {
  return useRefreshingMutation(seriesKeys, (input: CreateSeriesInput) =>
    apiFetch<CreateSeriesResult>('/admin/series', { method: 'POST', body: input }),
  );
}

export function useCancelSeries(seriesId: string) {
  return useRefreshingMutation(seriesKeys, (input: CancelSeriesInput) =>
    apiFetch<CancelSeriesResult>(`/admin/series/${encodeURIComponent(seriesId)}/cancel`, {
      method: 'POST',
      body: input,
    }),
  );
}

export function useMoveSeries(seriesId: string) {
  return useRefreshingMutation(seriesKeys, (input: MoveSeriesInput) =>
    apiFetch<MoveSeriesResult>(`/admin/series/${encodeURIComponent(seriesId)}/move`, { method: 'POST', body: input }),
  );
}
