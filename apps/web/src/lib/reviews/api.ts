import type { PublicReviews } from '@app/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../api-client.ts';

/** The approved reviews the site shows: all of them, or those of one treatment (its booking page). */
export const publicReviewsQuery = (type?: string) =>
  queryOptions({
    queryKey: ['reviews', 'public', type ?? 'all'],
    queryFn: () => apiFetch<PublicReviews>(`/reviews${type ? `?type=${encodeURIComponent(type)}` : ''}`),
    staleTime: 5 * 60_000,
  });
