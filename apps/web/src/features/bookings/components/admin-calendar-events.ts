import type { AdminBooking } from '@app/shared';
import type { EventInput } from '@fullcalendar/core';
import { diaryMarkClass } from '../../../components/diary-marks.ts';
import { toWallClock } from '../../../lib/zoned-time.ts';

/**
 * Bookings as FullCalendar events on the business clock ('fake UTC'), in the colour of their status (the palette the
 * availability calendar shares, decision 091); only active ones can be dragged. A request waiting for approval is
 * striped and says so; the booking just made (`highlightId`) is outlined.
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
      classNames: [diaryMarkClass(booking.status), ...(booking.id === highlightId ? ['diary-highlight'] : [])],
      extendedProps: { kind: 'booking', version: booking.version, status: booking.status },
    }));
}

type Interval = { start: string; end: string };

/** Blocked time, in the diary beside the bookings: not draggable; a tap opens it (block-sheet.tsx) to remove it. */
export function blockEvents(blocks: (Interval & { id: string; reason: string })[], timeZone: string): EventInput[] {
  return blocks.map((block) => ({
    id: `block-${block.id}`,
    title: block.reason ? `Blocked: ${block.reason}` : 'Blocked',
    start: toWallClock(block.start, timeZone),
    end: toWallClock(block.end, timeZone),
    editable: false,
    classNames: [diaryMarkClass('unavailable')],
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
    classNames: [diaryMarkClass('unavailable')],
    extendedProps: { kind: 'personal' },
  }));
}
