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

export const myWaitlistQuery = queryOptions({
  queryKey: ['waitlist', 'mine'],
  queryFn: () => apiFetch<{ entries: WaitlistEntry[] }>('/waitlist'),
  staleTime: 0,
});

export const waitlistEntryQuery = (id: string) =>
  queryOptions({
    queryKey: ['waitlist', 'entry', id],
    queryFn: () => apiFetch<WaitlistEntry>(`/waitlist/${encodeURIComponent(id)}`),
    staleTime: 0,
  });

export const waitlistOfferQuery = (id: string) =>
  queryOptions({
    queryKey: ['waitlist', 'offer', id],
    queryFn: () => apiFetch<WaitlistOfferView>(`/waitlist/offers/${encodeURIComponent(id)}`),
    staleTime: 0,
  });

export const adminWaitlistQuery = (date: string) =>
  queryOptions({
    queryKey: ['waitlist', 'admin', date],
    queryFn: () =>
      apiFetch<{ date: string; entries: AdminWaitlistEntry[] }>(`/admin/waitlist?date=${encodeURIComponent(date)}`),
    staleTime: 0,
  });

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
