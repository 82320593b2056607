import type { PublicConfig, PublicReviews, Service } from '@app/shared';
import type { QueryClient } from '@tanstack/react-query';
import { servicesQuery } from '../../lib/catalog/api.ts';
import { configQuery } from '../../lib/config/api.ts';
import { publicReviewsQuery } from '../../lib/reviews/api.ts';

/**
 * What the server drew home from (decision 100): the answers of GET /api/config, /api/services and /api/reviews. The
 * server renders with them (render-home.tsx) and writes them into the page; the browser starts from the same.
 */
export type HomeData = {
  config: PublicConfig;
  services: { services: Service[] };
  reviews: PublicReviews;
};

/**
 * Raised when home's content is live (hydrated, its handlers attached): route-hint.js then makes again a click the
 * visitor gave the server's page before the app had started. React hydrates the page's sections one by one, so the
 * app's own mount is too early for a link inside them.
 */
export const HOME_LIVE_EVENT = 'home-live';

export function seedHomeData(queryClient: QueryClient, data: HomeData): void {
  queryClient.setQueryData(configQuery.queryKey, data.config);
  // Rendered only for a visitor without the discretion flag (rendered-home.ts): the list without private treatments.
  queryClient.setQueryData(servicesQuery(false).queryKey, data.services);
  queryClient.setQueryData(publicReviewsQuery().queryKey, data.reviews);
}

/** Home's own title, before the business's name (as every screen's). */
export const HOME_TITLE = 'Massage, booked online';

/** In the browser, on home as the server rendered it: the data it was drawn with, which the server wrote in the page. */
export function seedFromPage(queryClient: QueryClient): HomeData | null {
  const text = document.getElementById('home-data')?.textContent;
  if (!text) return null;
  const data = JSON.parse(text) as HomeData;
  seedHomeData(queryClient, data);
  return data;
}
