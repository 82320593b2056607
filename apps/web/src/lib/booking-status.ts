import type { BookingStatus } from '@app/shared';

/** A booking's status in the owner's and the client's words, with its badge colour. */
export const bookingStatusLabels: Record<BookingStatus, { label: string; color: string }> = {
  awaiting_payment: { label: 'Awaiting payment', color: 'violet' },
  pending: { label: 'Waiting for approval', color: 'yellow' },
  confirmed: { label: 'Confirmed', color: 'teal' },
  completed: { label: 'Completed', color: 'gray' },
  no_show: { label: 'Missed', color: 'gray' },
  cancelled: { label: 'Cancelled', color: 'red' },
};
