import type { AdminBooking, PeriodFigures, SetupStatus } from '@app/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';
import { useRefreshingMutation } from '../../lib/mutations.ts';

export type Dashboard = {
  today: string;
  timeZone: string;
  timeline: AdminBooking[];
  pending: AdminBooking[];
  figures: { week: PeriodFigures; previousWeek: PeriodFigures; month: PeriodFigures; previousMonth: PeriodFigures };
  newCustomers: { id: string; name: string; email: string; createdAt: string }[];
  failedEmails: { id: string; recipient: string; subject: string; lastError: string | null; createdAt: string }[];
  /** The nightly backup: overdue when the last good one is more than two days old, or there is none. */
  backup: { lastSuccessAt: string | null; overdue: boolean; lastError: string | null };
  /** The owner's other calendars that could not be read lately; their last good copy still closes the slots. */
  staleCalendars: { id: string; label: string; lastError: string | null; refreshedAt: string | null }[];
};

export const dashboardQuery = queryOptions({
  queryKey: ['dashboard'],
  queryFn: () => apiFetch<Dashboard>('/admin/dashboard'),
  // The owner comes back to it between sessions: what is shown should be what is true now.
  staleTime: 0,
  refetchInterval: 60_000,
});

/** Approve or decline a booking waiting for approval; the client is emailed either way. */
export const useDecidePending = () =>
  useRefreshingMutation(
    [['dashboard'], ['bookings']],
    ({ id, approve, reason = '' }: { id: string; approve: boolean; reason?: string }) =>
      apiFetch<unknown>(`/admin/bookings/${encodeURIComponent(id)}/${approve ? 'approve' : 'decline'}`, {
        method: 'POST',
        body: approve ? {} : { reason },
      }),
  );

export const setupQuery = queryOptions({
  queryKey: ['setup'],
  queryFn: () => apiFetch<SetupStatus>('/admin/setup'),
  staleTime: 0,
});

export const useDismissSetup = () =>
  useRefreshingMutation([['setup']], () => apiFetch<void>('/admin/setup/dismiss', { method: 'POST' }));

/** 'Take £70 by cash' on a row of today: what is due, recorded as a cash payment (the ledger posts it). */
export const useTakeCash = () =>
  useRefreshingMutation([['dashboard'], ['bookings']], ({ id, amountPence }: { id: string; amountPence: number }) =>
    apiFetch<unknown>(`/admin/bookings/${encodeURIComponent(id)}/payments`, {
      method: 'POST',
      body: { amountPence, method: 'cash' },
    }),
  );
