import type { Booking } from '@app/shared';

/** /book at a booking's treatment and length, opening on the times of the first free day. */
export function bookAgainLink(booking: Pick<Booking, 'style' | 'type' | 'durationMinutes'>): string {
  const params = new URLSearchParams({
    style: booking.style,
    type: booking.type,
    duration: String(booking.durationMinutes),
    step: 'time',
  });
  return `/book?${params}`;
}
