import type { AdminCalendar, LodgerCalendar } from '@app/shared';
import type { EventInput } from '@fullcalendar/core';
import { bookingMark, closedEvents, diaryMarkClass } from '../../../components/diary-marks.ts';
import { toWallClock } from '../../../lib/zoned-time.ts';

/**
 * What the availability calendar draws from `from` to `to` ('YYYY-MM-DD'), on the business clock ('fake UTC',
 * lib/zoned-time.ts), in the bookings diary's palette (decision 091): closed time shaded behind; for the admin each
 * booking and block; for a lodger only 'Busy', since that is all the server sends.
 */
export function availabilityEvents(
  data: LodgerCalendar | Partial<AdminCalendar>,
  range: { from: string; to: string },
): EventInput[] {
  const zone = data.timeZone ?? 'Europe/London';
  const at = (instant: string) => toWallClock(instant, zone);
  const unavailable = [diaryMarkClass('unavailable')];
  const closed = closedEvents(data.open ?? [], range.from, range.to, zone);
  if (!('bookings' in data) || !data.bookings) {
    return [
      ...closed,
      ...(data.busy ?? []).map((time) => ({
        title: 'Busy',
        start: at(time.start),
        end: at(time.end),
        editable: false,
        classNames: unavailable,
      })),
    ];
  }
  return [
    ...closed,
    ...data.bookings.map((booking) => ({
      id: `booking:${booking.id}`,
      title: `${booking.title}${booking.status === 'pending' ? ' (to approve)' : ''}`,
      start: at(booking.start),
      end: at(booking.end),
      classNames: [diaryMarkClass(bookingMark(booking.status))],
    })),
    ...(data.personal ?? []).map((time) => ({
      title: time.title ? `Busy (personal): ${time.title}` : 'Busy (personal)',
      start: at(time.start),
      end: at(time.end),
      editable: false,
      classNames: unavailable,
    })),
    ...(data.blocks ?? []).map((block) => ({
      id: `block:${block.id}`,
      title: block.reason ? `Blocked: ${block.reason}` : 'Blocked',
      start: at(block.start),
      end: at(block.end),
      classNames: unavailable,
    })),
  ];
}
