// The waitlist's calls, shared by the booking funnel, the client's /bookings page, the offer and
// entry pages and the owner's waitlist page: here rather than in one feature, which the others may not import.
import type {
  AdminWaitlistEntry,
  Booking,
  ClaimWaitlistOfferInput,
  JoinWaitlistInput,
  WaitlistEntry,
  WaitlistSettings,
} from '@app/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../api-client.ts';
import { freshQuery } from '../fresh-query.ts';
import { useRefreshingMutation } from '../mutations.ts';

export type WaitlistOfferView = {
  id: string;
  entryId: string;
  serviceId: string;
  serviceName: string;
  phoneNeeded: boolean;
  style: 'therapeutic' | 'sensual';
  startsAt: string;
  durationMinutes: number;
  expiresAt: string;
  status: 'offered' | 'claimed' | 'gone' | 'expired';
  bookingId: string | null;
};

export const myWaitlistQuery = freshQuery<{ entries: WaitlistEntry[] }>(['waitlist', 'mine'], '/waitlist');

export const waitlistEntryQuery = (id: string) =>
  freshQuery<WaitlistEntry>(['waitlist', 'entry', id], `/waitlist/${encodeURIComponent(id)}`);

export const waitlistOfferQuery = (id: string) =>
  freshQuery<WaitlistOfferView>(['waitlist', 'offer', id], `/waitlist/offers/${encodeURIComponent(id)}`);

export const adminWaitlistQuery = (date: string) =>
  freshQuery<{ date: string; entries: AdminWaitlistEntry[] }>(
    ['waitlist', 'admin', date],
    `/admin/waitlist?date=${encodeURIComponent(date)}`,
  );

export const waitlistSettingsQuery = queryOptions({
  queryKey: ['waitlist', 'settings'],
  queryFn: () => apiFetch<WaitlistSettings>('/admin/waitlist-settings'),
});

export const useJoinWaitlist = () =>
  useRefreshingMutation([['waitlist']], (input: JoinWaitlistInput) =>
    apiFetch<WaitlistEntry>('/waitlist', { method: 'POST', body: input }),
  );

export const useLeaveWaitlist = () =>
  useRefreshingMutation([['waitlist']], (id: string) =>
    apiFetch<void>(`/waitlist/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  );

export const useClaimOffer = (id: string) =>
  useRefreshingMutation([['waitlist'], ['bookings']], (input: ClaimWaitlistOfferInput) =>
    apiFetch<Booking>(`/waitlist/offers/${encodeURIComponent(id)}/claim`, { method: 'POST', body: input }),
  );

export const useOfferTimeByHand = () =>
  useRefreshingMutation([['waitlist']], ({ entryId, startsAt }: { entryId: string; startsAt: string }) =>
    apiFetch<{ id: string; startsAt: string; expiresAt: string }>(
      `/admin/waitlist/${encodeURIComponent(entryId)}/offers`,
      { method: 'POST', body: { startsAt } },
    ),
  );

export const useSaveWaitlistSettings = () =>
  useRefreshingMutation(
    [['waitlist', 'settings']],
    (input: WaitlistSettings) => apiFetch<WaitlistSettings>('/admin/waitlist-settings', { method: 'PUT', body: input }),
    'success',
  );
