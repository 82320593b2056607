import type {
  AdminBooking,
  AdminBookingBankDeposit,
  AdminCalendar,
  AdminCancelBookingInput,
  AdminMoveBookingInput,
  AdminOnlinePayment,
  CreateBlockInput,
  CreatePhoneBookingInput,
  ListAdminBookingsQuery,
  NoShowFeeState,
  OnlineRefundView,
  Payment,
  RecordPaymentInput,
  RedeemVoucherInput,
  RequestOnlineRefundInput,
  Service,
  Voucher,
} from '@app/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';
import { freshListQuery, freshQuery } from '../../lib/fresh-query.ts';
import { listQueryString, useRefreshingMutation } from '../../lib/mutations.ts';

/** The owner's side of bookings; the client's side is in api.ts. Keys start with 'bookings' so both refresh. */

export type AdminBookingFilters = Partial<Omit<ListAdminBookingsQuery, 'page' | 'pageSize'>> & {
  page?: number;
  pageSize?: number;
};

export type BookingHistoryEntry = {
  id: string;
  action: string;
  actorId: string | null;
  actorRole: string;
  fromStatus: string | null;
  toStatus: string | null;
  details: Record<string, unknown>;
  at: string;
};

export type AuditEntry = {
  id: string;
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  before: unknown;
  after: unknown;
  at: string;
};

export type AdminBookingDetail = {
  booking: AdminBooking;
  history: BookingHistoryEntry[];
  payments: Payment[];
  /** The no-show fee the client agreed to when booking (decision 054); null when the booking has none. */
  noShowFee: NoShowFeeState | null;
  /** The deposit or prepayment paid through Stripe, its refunds and what is left to refund (decision 047). */
  onlinePayment: AdminOnlinePayment | null;
  /** The deposit by bank transfer of a sensual booking (decision 066); null when it asked none. */
  bankDeposit?: AdminBookingBankDeposit | null;
  /** Gift vouchers spent on the booking at the till: money received, named by the code's last four signs. */
  voucherRedemptions: { id: string; amountPence: number; redeemedAt: string; codeLast4: string }[];
  audit: AuditEntry[];
};

export type CustomerMatch = { id: string; name: string; email: string; phone: string | null; lastVisit: string | null };

export const adminBookingsQuery = (filters: AdminBookingFilters) =>
  freshListQuery<{ total: number; bookings: AdminBooking[] }>(
    ['bookings', 'admin', 'list', filters],
    `/admin/bookings?${listQueryString(filters)}`,
  );

export const adminBookingQuery = (id: string) =>
  freshQuery<AdminBookingDetail>(['bookings', 'admin', 'one', id], `/admin/bookings/${encodeURIComponent(id)}`);

export const adminServicesQuery = queryOptions({
  queryKey: ['services', 'admin'],
  queryFn: () => apiFetch<{ services: Service[] }>('/admin/services'),
  staleTime: 5 * 60_000,
});

export const customerSearchQuery = (q: string) =>
  queryOptions({
    queryKey: ['customers', 'search', q],
    queryFn: () =>
      apiFetch<{ total: number; customers: CustomerMatch[] }>(
        `/admin/customers?${listQueryString({ q, pageSize: 8 })}`,
      ),
    enabled: q.trim().length >= 2,
    placeholderData: keepPreviousData,
  });

const bookingKeys = [['bookings'], ['slots'], ['dashboard']];

const path = (id: string, action = '') => `/admin/bookings/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;

/** Every change the owner makes to one booking, by action. */
export type BookingAction =
  | { action: 'approve' }
  | { action: 'decline'; reason: string; privateReason: string }
  | ({ action: 'cancel' } & AdminCancelBookingInput)
  | { action: 'outcome'; status: 'completed' | 'no_show' }
  | { action: 'notes'; privateNotes: string }
  | { action: 'payment' | 'refund'; payment: RecordPaymentInput }
  | { action: 'no-show-fee' };

export function useBookingAction(id: string) {
  return useRefreshingMutation(bookingKeys, (change: BookingAction) => {
    switch (change.action) {
      case 'approve':
        return apiFetch<unknown>(path(id, 'approve'), { method: 'POST', body: {} });
      case 'decline':
        return apiFetch<unknown>(path(id, change.action), {
          method: 'POST',
          body: { reason: change.reason, privateReason: change.privateReason },
        });
      case 'cancel': {
        const { action: _, ...body } = change;
        return apiFetch<ActionResult>(path(id, 'cancel'), { method: 'POST', body });
      }
      case 'outcome':
        return apiFetch<unknown>(path(id, 'outcome'), { method: 'POST', body: { status: change.status } });
      case 'notes':
        return apiFetch<unknown>(path(id, 'notes'), { method: 'PUT', body: { privateNotes: change.privateNotes } });
      case 'payment':
        return apiFetch<unknown>(path(id, 'payments'), { method: 'POST', body: change.payment });
      case 'refund':
        return apiFetch<unknown>(path(id, 'refunds'), { method: 'POST', body: change.payment });
      case 'no-show-fee':
        return apiFetch<AdminBookingDetail>(path(id, 'no-show-fee'), { method: 'POST', body: {} });
    }
  });
}

/**
 * What a move or a cancelling did: whether the client was emailed, what was paid back (by hand, and online) and what
 * was put back onto the gift vouchers that paid.
 */
export type ActionResult = AdminBookingDetail & {
  notified: boolean;
  refundedPence?: number;
  onlineRefundPence?: number;
  voucherReturnedPence?: number;
};

/** Pays back part or all of the online payment through Stripe; answers the refund's state. */
export const useOnlineRefund = (id: string) =>
  useRefreshingMutation(bookingKeys, (input: RequestOnlineRefundInput) =>
    apiFetch<OnlineRefundView>(path(id, 'online-refunds'), { method: 'POST', body: input }),
  );

export const useMoveBooking = () =>
  useRefreshingMutation(bookingKeys, ({ id, ...body }: { id: string } & AdminMoveBookingInput) =>
    apiFetch<ActionResult>(path(id, 'move'), { method: 'POST', body }),
  );

/** Undo of a cancelling that emailed nobody: the booking comes back if its time is still free. */
export const useRestoreBooking = () =>
  useRefreshingMutation(bookingKeys, ({ id, version }: { id: string; version: number }) =>
    apiFetch<AdminBookingDetail>(path(id, 'restore'), { method: 'POST', body: { version } }),
  );

/** Opening hours (as open intervals) and blocks of the days on screen, for the one diary. */
export const adminDiaryQuery = (from: string, to: string) =>
  freshListQuery<AdminCalendar>(
    ['bookings', 'admin', 'diary', from, to],
    `/availability/calendar?${listQueryString({ from, to })}`,
  );

export const useBlockTime = () =>
  useRefreshingMutation([...bookingKeys, ['availability']], (input: CreateBlockInput) =>
    apiFetch<unknown>('/admin/blocks', { method: 'POST', body: input }),
  );

export const useCreatePhoneBooking = () =>
  useRefreshingMutation(bookingKeys, (input: CreatePhoneBookingInput) =>
    apiFetch<AdminBookingDetail>('/admin/bookings', { method: 'POST', body: input }),
  );

/** At the till: (part of) a gift voucher taken as payment for the booking. */
export const useRedeemVoucher = () =>
  useRefreshingMutation(
    // A redemption is money received for the booking: its sheet and the lists show it paid.
    [['vouchers'], ['bookings']],
    (input: RedeemVoucherInput) => apiFetch<Voucher>('/admin/vouchers/redeem', { method: 'POST', body: input }),
    'success',
  );
