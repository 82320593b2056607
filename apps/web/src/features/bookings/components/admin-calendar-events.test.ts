import type { AdminBooking } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { bookingEvents, closedEvents } from './admin-calendar-events.ts';

const base = {
  clientId: 'u1',
  clientEmail: 'a@example.test',
  clientPhone: null,
  serviceId: 's1',
  serviceName: 'Swedish massage',
  style: 'therapeutic',
  type: 'swedish',
  durationMinutes: 60,
  pricePence: 7000,
  paidPence: 0,
  voucherPaidPence: 0,
  coursePaidPence: 0,
  version: 3,
  notes: '',
  privateNotes: '',
  source: 'client',
  cancelledBy: null,
  cancelReason: null,
  createdAt: '2026-06-01T10:00:00.000Z',
} as const;

function booking(id: string, status: AdminBooking['status'], startsAt: string): AdminBooking {
  const endsAt = new Date(Date.parse(startsAt) + 3_600_000).toISOString();
  return { ...base, id, clientName: `Client ${id}`, status, startsAt, endsAt };
}

describe('bookingEvents', () => {
  it('places bookings at their time on the business clock and lets only active ones be dragged', () => {
    const events = bookingEvents(
      [
        booking('a', 'confirmed', '2026-07-01T09:00:00.000Z'),
        booking('b', 'pending', '2026-07-01T11:00:00.000Z'),
        booking('c', 'completed', '2026-06-30T09:00:00.000Z'),
        booking('d', 'cancelled', '2026-07-01T13:00:00.000Z'),
      ],
      'Europe/London',
    );
    expect(events.map((event) => event.id)).toEqual(['a', 'b', 'c']);
    // 09:00 UTC in July is 10:00 in London, given to FullCalendar as 10:00 'UTC'.
    expect(events[0]?.start).toEqual(new Date('2026-07-01T10:00:00.000Z'));
    expect(events.map((event) => event.editable)).toEqual([true, true, false]);
    expect(events[1]?.title).toBe('Client b · Swedish massage (to approve)');
    expect(events[0]?.extendedProps).toEqual({ kind: 'booking', version: 3, status: 'confirmed' });
  });

  it('stripes a request waiting for approval and outlines the booking just made', () => {
    const events = bookingEvents(
      [booking('a', 'confirmed', '2026-07-01T09:00:00.000Z'), booking('b', 'pending', '2026-07-01T11:00:00.000Z')],
      'Europe/London',
      'a',
    );
    expect(events.map((event) => event.classNames)).toEqual([['diary-highlight'], ['diary-pending']]);
  });
});

describe('closedEvents', () => {
  it('shades each day outside its open hours, on the business clock, and all of a closed day', () => {
    // Open 10:00–13:00 and 14:00–21:00 London time on 1 July (BST, UTC+1); 2 July closed (a holiday).
    const open = [
      { start: '2026-07-01T09:00:00.000Z', end: '2026-07-01T12:00:00.000Z' },
      { start: '2026-07-01T13:00:00.000Z', end: '2026-07-01T20:00:00.000Z' },
    ];
    const events = closedEvents(open, '2026-07-01', '2026-07-02', 'Europe/London');
    expect(events.map((event) => [(event.start as Date).toISOString(), (event.end as Date).toISOString()])).toEqual([
      ['2026-07-01T00:00:00.000Z', '2026-07-01T10:00:00.000Z'],
      ['2026-07-01T13:00:00.000Z', '2026-07-01T14:00:00.000Z'],
      ['2026-07-01T21:00:00.000Z', '2026-07-02T00:00:00.000Z'],
      ['2026-07-02T00:00:00.000Z', '2026-07-03T00:00:00.000Z'],
    ]);
    expect(events.every((event) => event.display === 'background')).toBe(true);
  });
});
