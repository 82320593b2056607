import type { AdminBooking } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { blockEvents, bookingEvents, personalEvents } from './admin-calendar-events.ts';

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

  it('marks each booking with its status’s colours, striping a request waiting for approval and outlining the booking just made', () => {
    const events = bookingEvents(
      [
        booking('a', 'confirmed', '2026-07-01T09:00:00.000Z'),
        booking('b', 'pending', '2026-07-01T11:00:00.000Z'),
        booking('c', 'no_show', '2026-06-30T09:00:00.000Z'),
      ],
      'Europe/London',
      'a',
    );
    expect(events.map((event) => event.classNames)).toEqual([
      ['diary-confirmed', 'diary-highlight'],
      ['diary-pending'],
      ['diary-no-show'],
    ]);
    // Colours come from the shared palette's classes alone (decision 091), never FullCalendar's inline ones.
    expect(events.some((event) => event.backgroundColor || event.color || event.textColor)).toBe(false);
  });
});

describe('blockEvents and personalEvents', () => {
  it('hatch blocks and the owner’s other calendars alike, as time nobody can book', () => {
    const at = { start: '2026-07-01T09:00:00.000Z', end: '2026-07-01T10:00:00.000Z' };
    const [block] = blockEvents([{ ...at, id: 'b1', reason: 'Dentist' }], 'Europe/London');
    const [personal] = personalEvents([{ ...at, title: 'School run' }], 'Europe/London');
    expect(block?.title).toBe('Blocked: Dentist');
    expect(block?.classNames).toEqual(['diary-block']);
    expect(personal?.classNames).toEqual(['diary-block']);
  });
});
