import type { AdminCalendar, LodgerCalendar } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { availabilityEvents } from './calendar-events.ts';

const day = { from: '2026-07-01', to: '2026-07-01' };
// Open 10:00–18:00 London time (BST, UTC+1).
const open = [{ start: '2026-07-01T09:00:00.000Z', end: '2026-07-01T17:00:00.000Z' }];

describe('availabilityEvents', () => {
  it('draws the owner’s bookings, blocks and closed time with the bookings diary’s marks', () => {
    const calendar: AdminCalendar = {
      timeZone: 'Europe/London',
      open,
      busy: [],
      bookings: [
        {
          id: 'k1',
          start: '2026-07-01T09:00:00.000Z',
          end: '2026-07-01T10:00:00.000Z',
          title: 'Ann',
          status: 'confirmed',
        },
        {
          id: 'k2',
          start: '2026-07-01T11:00:00.000Z',
          end: '2026-07-01T12:00:00.000Z',
          title: 'Bo',
          status: 'pending',
        },
      ],
      blocks: [{ id: 'b1', start: '2026-07-01T13:00:00.000Z', end: '2026-07-01T14:00:00.000Z', reason: 'Dentist' }],
      personal: [{ start: '2026-07-01T15:00:00.000Z', end: '2026-07-01T16:00:00.000Z', title: '' }],
    };
    const events = availabilityEvents(calendar, day);
    const marks = (title: string) => events.find((event) => event.title === title)?.classNames;
    expect(marks('Ann')).toEqual(['diary-confirmed']);
    expect(marks('Bo (to approve)')).toEqual(['diary-pending']);
    expect(marks('Blocked: Dentist')).toEqual(['diary-block']);
    expect(marks('Busy (personal)')).toEqual(['diary-block']);
    // Closed before 10:00 and after 18:00, shaded as in the bookings diary, not open hours in green.
    const closed = events.filter((event) => event.display === 'background');
    expect(closed.map((event) => [(event.start as Date).toISOString(), (event.end as Date).toISOString()])).toEqual([
      ['2026-07-01T00:00:00.000Z', '2026-07-01T10:00:00.000Z'],
      ['2026-07-01T18:00:00.000Z', '2026-07-02T00:00:00.000Z'],
    ]);
    expect(closed.every((event) => (event.classNames as string[]).includes('diary-closed'))).toBe(true);
    expect(events.some((event) => event.backgroundColor || event.textColor)).toBe(false);
  });

  it('shows a lodger only busy time, hatched like a block', () => {
    const calendar: LodgerCalendar = {
      timeZone: 'Europe/London',
      open,
      busy: [{ start: '2026-07-01T09:00:00.000Z', end: '2026-07-01T10:00:00.000Z' }],
    };
    const busy = availabilityEvents(calendar, day).filter((event) => event.display !== 'background');
    expect(busy).toEqual([expect.objectContaining({ title: 'Busy', classNames: ['diary-block'] })]);
  });
});
