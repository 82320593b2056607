import type { AdminReview, DecideReviewInput, LeaveReviewInput, ReviewSettings, ReviewVisit } from '@app/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';
import { useRefreshingMutation } from '../../lib/mutations.ts';

export const reviewVisitQuery = (bookingId: string) =>
  queryOptions({
    queryKey: ['reviews', 'visit', bookingId],
    queryFn: () => apiFetch<ReviewVisit>(`/reviews/visits/${encodeURIComponent(bookingId)}`),
    staleTime: 0,
  });

export const adminReviewsQuery = (status: string | null) =>
  queryOptions({
    queryKey: ['reviews', 'admin', status ?? 'all'],
    queryFn: () => apiFetch<{ reviews: AdminReview[] }>(`/admin/reviews${status ? `?status=${status}` : ''}`),
    staleTime: 0,
  });

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
