import type {
  Booking,
  CreateBookingInput,
  RescheduleBookingInput,
  SlotsResponse,
  SlotUnavailableDetails,
  UpfrontAnswer,
  VoucherCheck,
} from '@app/shared';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../lib/api-client.ts';
import { freshQuery } from '../../lib/fresh-query.ts';
import { useRefreshingMutation } from '../../lib/mutations.ts';

/** The treatment a question below is about: the service, its length and the add-ons chosen in the funnel. */
type ChosenTreatment = { serviceId: string; durationMinutes: number; addOnIds: readonly string[] };

/** The treatment as the questions send it, beside what else one needs (`more`); add-ons only when there are some. */
const treatmentQuery = (
  { serviceId, durationMinutes, addOnIds }: ChosenTreatment,
  more: Record<string, string> = {},
) => {
  const query = new URLSearchParams({ serviceId, duration: String(durationMinutes), ...more });
  if (addOnIds.length) query.set('addOns', addOnIds.join(','));
  return query;
};

/** The free times for a treatment's length and the chosen add-ons' minutes together. */
export const slotsQuery = (
  serviceId: string,
  durationMinutes: number,
  from: string,
  to: string,
  addOnIds: readonly string[] = [],
) =>
  queryOptions({
    queryKey: ['slots', serviceId, durationMinutes, from, to, ...addOnIds],
    queryFn: () =>
      apiFetch<SlotsResponse>(`/slots?${treatmentQuery({ serviceId, durationMinutes, addOnIds }, { from, to })}`),
    // Free times change with every booking: a picker shows what the server says now.
    staleTime: 0,
  });

export const myBookingsQuery = freshQuery<{ upcoming: Booking[]; past: Booking[] }>(['bookings', 'mine'], '/bookings');

export const bookingQuery = (id: string) =>
  queryOptions({
    queryKey: ['bookings', 'one', id],
    queryFn: () => apiFetch<Booking>(`/bookings/${encodeURIComponent(id)}`),
  });

/** What the signed-in client would pay now for this service and length (decision 047), asked before confirming. */
export const upfrontQuery = (userId: string, treatment: ChosenTreatment) =>
  queryOptions({
    queryKey: ['bookings', 'upfront', userId, treatment.serviceId, treatment.durationMinutes, ...treatment.addOnIds],
    queryFn: () => apiFetch<UpfrontAnswer>(`/bookings/upfront?${treatmentQuery(treatment)}`),
  });

/**
 * What a gift voucher would pay towards this treatment and length, asked when the client applies its code. Not under
 * ['bookings']: booking invalidates those, and a check is asked again only when the client applies a code.
 */
export const voucherCheckQuery = (code: string, treatment: ChosenTreatment) =>
  queryOptions({
    queryKey: ['vouchers', 'check', code, treatment.serviceId, treatment.durationMinutes, ...treatment.addOnIds],
    queryFn: () => apiFetch<VoucherCheck>(`/vouchers/check?${treatmentQuery(treatment, { code })}`),
    // A balance changes with every booking paid by the voucher: each Apply asks the server again.
    staleTime: 0,
  });

/** The booking's .ics file, served to its owner only. */
export function calendarFileUrl(bookingId: string): string {
  return `/api/bookings/${encodeURIComponent(bookingId)}/calendar.ics`;
}

/** The free times a 409 SLOT_UNAVAILABLE offers instead, or none. */
export function alternativesOf(error: unknown): string[] {
  if (!(error instanceof ApiError) || error.code !== 'SLOT_UNAVAILABLE') return [];
  const details = error.details as Partial<SlotUnavailableDetails> | undefined;
  return Array.isArray(details?.alternatives)
    ? details.alternatives.filter((value): value is string => typeof value === 'string')
    : [];
}

// A taken slot also changes the free times shown, so the picker refreshes after failures too.
const bookingKeys = [['bookings'], ['slots']];

export const useCreateBooking = () =>
  useRefreshingMutation(bookingKeys, (input: CreateBookingInput) =>
    apiFetch<Booking>('/bookings', { method: 'POST', body: input }),
  );

export const useCancelBooking = () =>
  useRefreshingMutation(bookingKeys, ({ id, reason }: { id: string; reason: string }) =>
    apiFetch<Booking>(`/bookings/${encodeURIComponent(id)}/cancel`, { method: 'POST', body: { reason } }),
  );

export const useRescheduleBooking = () =>
  useRefreshingMutation(bookingKeys, ({ id, ...input }: RescheduleBookingInput & { id: string }) =>
    apiFetch<Booking>(`/bookings/${encodeURIComponent(id)}/reschedule`, { method: 'POST', body: input }),
  );
