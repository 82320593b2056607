import type { AdminBooking } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { recentClients } from './recent-clients.ts';

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
});
