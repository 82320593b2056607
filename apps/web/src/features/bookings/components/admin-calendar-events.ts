import type { AdminBooking, BookingStatus } from '@app/shared';
import type { EventInput } from '@fullcalendar/core';
import { toWallClock } from '../../../lib/zoned-time.ts';

/** Background and border of each status: dark enough for white text to pass contrast. */
export const statusColors: Record<BookingStatus, string> = {
  pending: '#8a5a00',
  confirmed: '#0b7285',
  completed: '#495057',
  no_show: '#862e9c',
  cancelled: '#c92a2a',
};

/** Bookings as FullCalendar events on the business clock ('fake UTC'); only active ones can be dragged. */
export function bookingEvents(bookings: AdminBooking[], timeZone: string): EventInput[] {
  return bookings
    .filter((booking) => booking.status !== 'cancelled')
    .map((booking) => ({
      id: booking.id,
      title: `${booking.clientName} · ${booking.serviceName}${booking.status === 'pending' ? ' (to approve)' : ''}`,
      start: toWallClock(booking.startsAt, timeZone),
      end: toWallClock(booking.endsAt, timeZone),
      editable: booking.status === 'pending' || booking.status === 'confirmed',
      durationEditable: false,
      backgroundColor: statusColors[booking.status],
      borderColor: statusColors[booking.status],
      textColor: '#ffffff',
      extendedProps: { version: booking.version, status: booking.status },
    }));
}
