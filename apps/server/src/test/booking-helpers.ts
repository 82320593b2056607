import { eq } from 'drizzle-orm';
import { type BookingStatusValue, booking, service } from '../db/schema.ts';
import { addDays, localDateOf, weekdayOf, zonedInstant } from '../lib/zoned-time.ts';
import type { TestApp } from './test-context.ts';

export const TZ = 'Europe/London';

/** A local date at least `daysAhead` days away falling on `weekday` (0 = Sunday). */
export function nextWeekday(weekday: number, daysAhead = 3) {
  let date = addDays(localDateOf(Date.now(), TZ), daysAhead);
  while (weekdayOf(date) !== weekday) date = addDays(date, 1);
  return date;
}

export const localIso = (date: string, time: string) => new Date(zonedInstant(date, time, TZ)).toISOString();

export async function serviceOfType(t: TestApp, type: string) {
  const [found] = await t.db.select().from(service).where(eq(service.type, type));
  if (!found) throw new Error(`seed service ${type} missing`);
  return found;
}

export const bookingBody = (serviceId: string, startsAt: string, extra: Record<string, unknown> = {}) => ({
  serviceId,
  durationMinutes: 60,
  startsAt,
  name: 'Sam Client',
  phone: '+44 7700 900123',
  notes: 'Lower back',
  idempotencyKey: `key-${Math.random().toString(36).slice(2)}`,
  ...extra,
});

/**
 * A booking written straight into the diary, for tests that need one in the past (completed, or any
 * status) without going through the booking rules, which refuse past times.
 */
export async function insertBooking(
  t: TestApp,
  options: {
    type: string;
    status: BookingStatusValue;
    startsAt: Date;
    client: { id: string; email: string };
  },
) {
  const found = await serviceOfType(t, options.type);
  const start = options.startsAt.getTime();
  const [row] = await t.db
    .insert(booking)
    .values({
      clientId: options.client.id,
      serviceId: found.id,
      serviceName: found.name,
      style: found.style,
      type: found.type,
      durationMinutes: 60,
      pricePence: found.durations[0]?.pricePence ?? 7000,
      startsAt: options.startsAt,
      endsAt: new Date(start + 3_600_000),
      occupiedUntil: new Date(start + 4_500_000),
      status: options.status,
      clientName: 'Sam Client',
      clientEmail: options.client.email,
    })
    .returning();
  if (!row) throw new Error('booking insert returned no row');
  return row;
}
