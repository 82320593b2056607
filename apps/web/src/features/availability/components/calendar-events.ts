import type { AdminCalendar, LodgerCalendar } from '@app/shared';
import type { EventInput } from '@fullcalendar/core';
import { toWallClock } from '../../../lib/zoned-time.ts';

/**
 * What the availability calendar draws, on the business clock ('fake UTC', lib/zoned-time.ts): open hours as
 * background; for the admin each booking and block; for a lodger only 'Busy', since that is all the server sends.
 */
export function availabilityEvents(data: LodgerCalendar | Partial<AdminCalendar>): EventInput[] {
  const zone = data.timeZone ?? 'Europe/London';
  const at = (instant: string) => toWallClock(instant, zone);
  const open: EventInput[] = (data.open ?? []).map((range) => ({
    start: at(range.start),
    end: at(range.end),
    display: 'background',
    backgroundColor: '#d3f9d8',
    classNames: ['availability-open'],
  }));
  if (!('bookings' in data) || !data.bookings) {
    return [
      ...open,
      ...(data.busy ?? []).map((range) => ({
        title: 'Busy',
        start: at(range.start),
        end: at(range.end),
        backgroundColor: '#495057',
        borderColor: '#495057',
        textColor: '#ffffff',
        editable: false,
      })),
    ];
  }
  return [
    ...open,
    ...data.bookings.map((booking) => ({
      id: `booking:${booking.id}`,
      title: `${booking.title}${booking.status === 'pending' ? ' (to approve)' : ''}`,
      start: at(booking.start),
      end: at(booking.end),
      backgroundColor: booking.status === 'pending' ? '#8a5a00' : '#0b7285',
      borderColor: booking.status === 'pending' ? '#8a5a00' : '#0b7285',
      textColor: '#ffffff',
    })),
    ...(data.personal ?? []).map((time) => ({
      title: time.title ? `Busy (personal): ${time.title}` : 'Busy (personal)',
      start: at(time.start),
      end: at(time.end),
      backgroundColor: '#495057',
      borderColor: '#495057',
      textColor: '#ffffff',
      editable: false,
    })),
    ...(data.blocks ?? []).map((block) => ({
      id: `block:${block.id}`,
      title: block.reason ? `Blocked: ${block.reason}` : 'Blocked',
      start: at(block.start),
      end: at(block.end),
      backgroundColor: '#c92a2a',
      borderColor: '#c92a2a',
      textColor: '#ffffff',
    })),
  ];
}
