import type { AdminBooking } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { bookingSheetLink, dueOf, movable, todaysBookings } from './today.ts';

const booking = (overrides: Partial<AdminBooking>): AdminBooking =>
  ({
    id: 'b1',
    status: 'confirmed',
    pricePence: 7000,
    paidPence: 0,
    startsAt: '2026-11-27T10:00:00.000Z',
    endsAt: '2026-11-27T11:00:00.000Z',
    ...overrides,
  }) as AdminBooking;

describe('the morning view', () => {
  it('keeps today’s appointments on the business clock, not UTC’s', () => {
    const lateLastNight = booking({ id: 'a', startsAt: '2026-06-26T23:30:00.000Z' }); // 00:30 on the 27th in London
    const tomorrow = booking({ id: 'b', startsAt: '2026-06-27T23:30:00.000Z' });
    expect(todaysBookings([lateLastNight, tomorrow], '2026-06-27', 'Europe/London').map((b) => b.id)).toEqual(['a']);
  });

  it('asks for what is still unpaid of an appointment that happens, nothing of a request or a no-show', () => {
    expect(dueOf(booking({ paidPence: 2000 }))).toBe(5000);
    expect(dueOf(booking({ status: 'completed' }))).toBe(7000);
    expect(dueOf(booking({ status: 'pending' }))).toBe(0);
    expect(dueOf(booking({ status: 'no_show' }))).toBe(0);
    expect(dueOf(booking({ paidPence: 9000 }))).toBe(0);
  });

  it('offers Move for a confirmed booking still to come only', () => {
    const now = Date.parse('2026-11-27T09:00:00.000Z');
    expect(movable(booking({}), now)).toBe(true);
    expect(movable(booking({ status: 'pending' }), now)).toBe(false);
    expect(movable(booking({ startsAt: '2026-11-27T08:00:00.000Z' }), now)).toBe(false);
  });

  it('opens the diary on the booking’s day with its sheet', () => {
    expect(bookingSheetLink(booking({ id: 'x y' }), 'Europe/London')).toBe(
      '/manage_bookings?date=2026-11-27&booking=x+y',
    );
  });
});
