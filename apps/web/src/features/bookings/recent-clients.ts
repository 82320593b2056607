import type { AdminBooking } from '@app/shared';

export type RecentClient = {
  id: string;
  name: string;
  /** The treatment and length they book most (the latest on a tie). */
  usual: { serviceId: string; minutes: number };
};

/**
 * The clients the owner is most likely to be taking a call from: those with the most bookings among the latest
 * (by appointment, the diary's newest first), cancelled ones left out; each with their usual treatment and length.
 */
export function recentClients(bookings: AdminBooking[], limit = 6): RecentClient[] {
  const byClient = new Map<string, { name: string; count: number; order: number; usual: Map<string, number> }>();
  bookings.forEach((booking, order) => {
    if (!booking.clientId || booking.status === 'cancelled') return;
    const entry = byClient.get(booking.clientId) ?? {
      name: booking.clientName,
      count: 0,
      order,
      usual: new Map<string, number>(),
    };
    entry.count += 1;
    const key = `${booking.serviceId}|${booking.durationMinutes}`;
    entry.usual.set(key, (entry.usual.get(key) ?? 0) + 1);
    byClient.set(booking.clientId, entry);
  });
  return [...byClient.entries()]
    .sort(([, a], [, b]) => b.count - a.count || a.order - b.order)
    .slice(0, limit)
    .map(([id, entry]) => {
      // Map keeps insertion order (newest first), so the first of the highest counts is the latest of them.
      const [key] = [...entry.usual.entries()].reduce((best, next) => (next[1] > best[1] ? next : best));
      const [serviceId = '', minutes = '0'] = key.split('|');
      return { id, name: entry.name, usual: { serviceId, minutes: Number(minutes) } };
    });
}
