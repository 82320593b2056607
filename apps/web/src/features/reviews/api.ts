import type { AdminReview, DecideReviewInput, LeaveReviewInput, ReviewSettings, ReviewVisit } from '@app/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';
import { freshQuery } from '../../lib/fresh-query.ts';
import { useRefreshingMutation } from '../../lib/mutations.ts';

export const reviewVisitQuery = (bookingId: string) =>
  freshQuery<ReviewVisit>(['reviews', 'visit', bookingId], `/reviews/visits/${encodeURIComponent(bookingId)}`);

export const adminReviewsQuery = (status: string | null) =>
  freshQuery<{ reviews: AdminReview[] }>(
    ['reviews', 'admin', status ?? 'all'],
    `/admin/reviews${status ? `?status=${status}` : ''}`,
  );

export const reviewSettingsQuery = queryOptions({
  queryKey: ['reviews', 'settings'],
  queryFn: () => apiFetch<ReviewSettings>('/admin/reviews/settings'),
});

export const useLeaveReview = (bookingId: string) =>
  useRefreshingMutation([['reviews']], (input: LeaveReviewInput) =>
    apiFetch<ReviewVisit>(`/reviews/visits/${encodeURIComponent(bookingId)}`, { method: 'POST', body: input }),
  );

export const useDeleteReview = (bookingId: string) =>
  useRefreshingMutation([['reviews']], () =>
    apiFetch<void>(`/reviews/visits/${encodeURIComponent(bookingId)}`, { method: 'DELETE' }),
  );

export const useDecideReview = () =>
  useRefreshingMutation([['reviews']], ({ id, ...input }: DecideReviewInput & { id: string }) =>
    apiFetch<AdminReview>(`/admin/reviews/${encodeURIComponent(id)}`, { method: 'PATCH', body: input }),
  );

export const useSaveReviewSettings = () =>
  useRefreshingMutation(
    [['reviews', 'settings']],
    (input: ReviewSettings) => apiFetch<ReviewSettings>('/admin/reviews/settings', { method: 'PUT', body: input }),
    'success',
  );
