import type { AdminBooking } from '@app/shared';
import { formatDay, localDateIn } from '../../lib/format.ts';

/** What tells a client from another of the same name: their email (or phone) and when they last came. */
export type ClientContact = {
  email: string | null;
  phone: string | null;
  /** The start of their latest completed appointment, as the customer list counts a visit; null when none. */
  lastVisit: string | null;
};

export type RecentClient = ClientContact & {
  id: string;
  name: string;
  /** The treatment and length they book most (the latest on a tie). */
  usual: { serviceId: string; minutes: number };
};

/**
 * The line under a client's name, so two "Anna Smith" are told apart at a glance: the email, or the phone's last
 * four digits when there is no email (the whole phone with `wholePhone`, as a search by phone found it), then the
 * last visit (on the business's calendar) when there was one.
 */
export function clientDetails(client: ClientContact, timeZone: string, { wholePhone = false } = {}): string {
  const digits = client.phone?.replace(/\D/g, '') ?? '';
  const phone = wholePhone ? client.phone : !client.email && digits ? `phone ending ${digits.slice(-4)}` : null;
  const visit = client.lastVisit ? `last visit ${formatDay(localDateIn(client.lastVisit, timeZone))}` : null;
  return [client.email, phone, visit].filter(Boolean).join(' · ');
}

/**
 * The clients the owner is most likely to be taking a call from: those with the most bookings among the latest
 * (by appointment, the diary's newest first), cancelled ones left out; each with their usual treatment and length.
 */
export function recentClients(bookings: AdminBooking[], limit = 6): RecentClient[] {
  type Entry = ClientContact & { name: string; count: number; order: number; usual: Map<string, number> };
  const byClient = new Map<string, Entry>();
  bookings.forEach((booking, order) => {
    if (!booking.clientId || booking.status === 'cancelled') return;
    const entry = byClient.get(booking.clientId) ?? {
      name: booking.clientName,
      email: booking.clientEmail,
      phone: booking.clientPhone,
      lastVisit: null,
      count: 0,
      order,
      usual: new Map<string, number>(),
    };
    entry.count += 1;
    if (booking.status === 'completed' && (!entry.lastVisit || booking.startsAt > entry.lastVisit))
      entry.lastVisit = booking.startsAt;
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
      const { name, email, phone, lastVisit } = entry;
      return { id, name, email, phone, lastVisit, usual: { serviceId, minutes: Number(minutes) } };
    });
}
