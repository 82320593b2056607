import type { AdminBooking, BookingStatus } from '@app/shared';
import type { EventInput } from '@fullcalendar/core';
import { addDays, toWallClock } from '../../../lib/zoned-time.ts';

/** Background and border of each status: dark enough for white text to pass contrast. */
export const statusColors: Record<BookingStatus, string> = {
  awaiting_payment: '#5f3dc4',
  pending: '#8a5a00',
  confirmed: '#0b7285',
  completed: '#495057',
  no_show: '#862e9c',
  cancelled: '#c92a2a',
};

/**
 * Bookings as FullCalendar events on the business clock ('fake UTC'); only active ones can be dragged. A request
 * waiting for approval is striped and says so; the booking just made (`highlightId`) is outlined.
 */
export function bookingEvents(bookings: AdminBooking[], timeZone: string, highlightId?: string | null): EventInput[] {
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
      classNames: [
        ...(booking.status === 'pending' ? ['diary-pending'] : []),
        ...(booking.id === highlightId ? ['diary-highlight'] : []),
      ],
      extendedProps: { kind: 'booking', version: booking.version, status: booking.status },
    }));
}

type Interval = { start: string; end: string };

/**
 * The closed time of each day from `from` to `to` ('YYYY-MM-DD'), shaded behind the diary: the day minus the open
 * intervals the server computed with the slot engine's own rules (weekly hours, date overrides, holidays).
 */
export function closedEvents(open: Interval[], from: string, to: string, timeZone: string): EventInput[] {
  const events: EventInput[] = [];
  const wall = open
    .map((interval) => ({ start: toWallClock(interval.start, timeZone), end: toWallClock(interval.end, timeZone) }))
    .sort((a, b) => a.start.getTime() - b.start.getTime());
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const dayStart = new Date(`${date}T00:00:00Z`).getTime();
    const dayEnd = new Date(`${addDays(date, 1)}T00:00:00Z`).getTime();
    let cursor = dayStart;
    for (const interval of wall) {
      const start = Math.max(interval.start.getTime(), dayStart);
      const end = Math.min(interval.end.getTime(), dayEnd);
      if (end <= start) continue;
      if (start > cursor) events.push(closed(cursor, start));
      cursor = Math.max(cursor, end);
    }
    if (cursor < dayEnd) events.push(closed(cursor, dayEnd));
  }
  return events;
}

const closed = (start: number, end: number): EventInput => ({
  start: new Date(start),
  end: new Date(end),
  display: 'background',
  classNames: ['diary-closed'],
  extendedProps: { kind: 'closed' },
});

/** Blocked time, in the diary beside the bookings (not draggable: it is edited on the availability page). */
export function blockEvents(blocks: (Interval & { id: string; reason: string })[], timeZone: string): EventInput[] {
  return blocks.map((block) => ({
    id: `block-${block.id}`,
    title: block.reason ? `Blocked: ${block.reason}` : 'Blocked',
    start: toWallClock(block.start, timeZone),
    end: toWallClock(block.end, timeZone),
    editable: false,
    classNames: ['diary-block'],
    extendedProps: { kind: 'block' },
  }));
}

/** The owner's other calendars (decision 071): "Busy (personal)" with the owner's own title, never movable. */
export function personalEvents(busy: (Interval & { title: string })[], timeZone: string): EventInput[] {
  return busy.map((time, index) => ({
    id: `personal-${index}`,
    title: time.title ? `Busy (personal): ${time.title}` : 'Busy (personal)',
    start: toWallClock(time.start, timeZone),
    end: toWallClock(time.end, timeZone),
    editable: false,
    classNames: ['diary-block'],
    extendedProps: { kind: 'personal' },
  }));
}
