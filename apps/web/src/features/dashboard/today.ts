import type { AdminBooking } from '@app/shared';
import { localDateIn } from '../../lib/format.ts';

/** Today's appointments on the business clock, in time order (the timeline's first day). */
export function todaysBookings(bookings: AdminBooking[], today: string, timeZone: string): AdminBooking[] {
  return bookings.filter((booking) => localDateIn(booking.startsAt, timeZone) === today);
}

/** What is still to take for a booking that happens (a request or a no-show owes nothing yet). */
export function dueOf(booking: AdminBooking): number {
  if (booking.status !== 'confirmed' && booking.status !== 'completed') return 0;
  return Math.max(0, booking.pricePence - booking.paidPence);
}

/** The diary on the booking's day with its sheet open. */
export function bookingSheetLink(booking: AdminBooking, timeZone: string): string {
  const params = new URLSearchParams({ date: localDateIn(booking.startsAt, timeZone), booking: booking.id });
  return `/manage_bookings?${params}`;
}

/** A booking still to come that the owner may move (a request is decided first). */
export function movable(booking: AdminBooking, now = Date.now()): boolean {
  return booking.status === 'confirmed' && Date.parse(booking.startsAt) > now;
}
