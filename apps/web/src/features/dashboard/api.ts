import type { Dashboard, HideBackupWarningInput, SetupStatus } from '@app/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';
import { freshQuery } from '../../lib/fresh-query.ts';
import { useRefreshingMutation } from '../../lib/mutations.ts';

export type { Dashboard };

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

export const setupQuery = freshQuery<SetupStatus>(['setup'], '/admin/setup');

/**
 * 'Hide' on the dashboard's banner: the setup checklist for the business, the backup warning shown for this owner
 * (named, so that a newer warning still shows), each only when it was on screen.
 */
export const useHideNotices = () =>
  useRefreshingMutation(
    [['setup'], ['dashboard']],
    async ({ setup, backupWarning }: { setup: boolean; backupWarning: string | null }) => {
      const body: HideBackupWarningInput | null = backupWarning ? { warning: backupWarning } : null;
      await Promise.all([
        setup && apiFetch<void>('/admin/setup/dismiss', { method: 'POST' }),
        body && apiFetch<void>('/admin/dashboard/backup-warning/hide', { method: 'POST', body }),
      ]);
    },
  );

/** 'Take £70 by cash' on a row of today: what is due, recorded as a cash payment (the ledger posts it). */
export const useTakeCash = () =>
  useRefreshingMutation([['dashboard'], ['bookings']], ({ id, amountPence }: { id: string; amountPence: number }) =>
    apiFetch<unknown>(`/admin/bookings/${encodeURIComponent(id)}/payments`, {
      method: 'POST',
      body: { amountPence, method: 'cash' },
    }),
  );
