import type { AdminBooking } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { clientDetails, recentClients } from './recent-clients.ts';

const booking = (clientId: string | null, serviceId: string, minutes: number, status = 'confirmed') =>
  ({ clientId, clientName: `Client ${clientId}`, serviceId, durationMinutes: minutes, status }) as AdminBooking;

describe('the clients offered before typing', () => {
  it('puts the most frequent first, then the latest, leaving out cancelled bookings and walk-ins without an account', () => {
    const list = recentClients([
      booking('a', 'swedish', 60),
      booking('b', 'deep', 90),
      booking('b', 'deep', 90),
      booking('c', 'swedish', 60, 'cancelled'),
      booking(null, 'swedish', 60),
      booking('a', 'deep', 60),
      booking('b', 'swedish', 60),
    ]);
    expect(list.map((client) => client.id)).toEqual(['b', 'a']);
  });

  it('knows each client’s usual treatment and length, the latest on a tie', () => {
    const [b, a] = recentClients([
      booking('a', 'swedish', 60),
      booking('b', 'deep', 90),
      booking('b', 'deep', 90),
      booking('a', 'deep', 60),
      booking('b', 'swedish', 60),
    ]);
    expect(b?.usual).toEqual({ serviceId: 'deep', minutes: 90 });
    expect(a?.usual).toEqual({ serviceId: 'swedish', minutes: 60 });
  });

  it('offers at most six', () => {
    const many = 'abcdefgh'.split('').map((id) => booking(id, 'swedish', 60));
    expect(recentClients(many)).toHaveLength(6);
  });

  it('keeps each client’s email, phone and latest completed visit, to tell two of the same name apart', () => {
    const visit = (clientId: string, status: AdminBooking['status'], startsAt: string) =>
      ({
        ...booking(clientId, 'swedish', 60, status),
        clientName: 'Anna Smith',
        clientEmail: `${clientId}@example.test`,
        clientPhone: null,
        startsAt,
      }) as AdminBooking;
    const [a, b] = recentClients([
      visit('a', 'confirmed', '2026-12-10T10:00:00.000Z'),
      visit('a', 'completed', '2026-11-03T10:00:00.000Z'),
      visit('a', 'completed', '2026-10-01T10:00:00.000Z'),
      visit('b', 'no_show', '2026-11-20T10:00:00.000Z'),
    ]);
    expect(a).toMatchObject({ name: 'Anna Smith', email: 'a@example.test', lastVisit: '2026-11-03T10:00:00.000Z' });
    // A missed appointment is no visit.
    expect(b).toMatchObject({ name: 'Anna Smith', email: 'b@example.test', lastVisit: null });
  });
});

describe('the line under a client’s name', () => {
  it('gives the email and the last visit on the business’s calendar', () => {
    const client = { email: 'anna@example.test', phone: '+44 7700 900526', lastVisit: '2026-11-02T23:30:00.000Z' };
    expect(clientDetails(client, 'Europe/London')).toBe('anna@example.test · last visit 2 Nov 2026');
    expect(clientDetails(client, 'Pacific/Auckland')).toBe('anna@example.test · last visit 3 Nov 2026');
    expect(clientDetails(client, 'Europe/London', { wholePhone: true })).toBe(
      'anna@example.test · +44 7700 900526 · last visit 2 Nov 2026',
    );
  });

  it('gives the phone’s last four digits when there is no email, and no visit before the first', () => {
    expect(clientDetails({ email: null, phone: '+44 7700 900526', lastVisit: null }, 'Europe/London')).toBe(
      'phone ending 0526',
    );
  });
});
