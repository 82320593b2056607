import { type BookingStatus, bookingStatuses } from '@app/shared';
import type { EventInput } from '@fullcalendar/core';
import { addDays, toWallClock } from '../lib/zoned-time.ts';
import './diary-marks.css';

/**
 * What a mark in the owner's diaries stands for: a booking by its status, time nobody can book (a block, the owner's
 * other calendars, a lodger's "Busy") or closed time. The bookings diary and the availability calendar draw each with
 * the same class, whose colours are defined once, per colour scheme, in diary-marks.css (decision 091).
 */
export type DiaryMark = BookingStatus | 'unavailable' | 'closed';

const markClass: Record<DiaryMark, string> = {
  awaiting_payment: 'diary-awaiting-payment',
  pending: 'diary-pending',
  confirmed: 'diary-confirmed',
  completed: 'diary-completed',
  no_show: 'diary-no-show',
  cancelled: 'diary-cancelled',
  unavailable: 'diary-block',
  closed: 'diary-closed',
};

/** The class that gives a mark its colours; FullCalendar's own event colours are never set inline. */
export function diaryMarkClass(mark: DiaryMark): string {
  return markClass[mark];
}

/** A booking's mark from a status the server sent as text (the availability calendar's); unknown ones as confirmed. */
export function bookingMark(status: string): DiaryMark {
  return (bookingStatuses as readonly string[]).includes(status) ? (status as BookingStatus) : 'confirmed';
}

type Interval = { start: string; end: string };

/**
 * The closed time of each day from `from` to `to` ('YYYY-MM-DD'), shaded behind both diaries: the day minus the open
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
  classNames: [diaryMarkClass('closed')],
  extendedProps: { kind: 'closed' },
});
