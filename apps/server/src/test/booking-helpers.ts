import { eq } from 'drizzle-orm';
import { service } from '../db/schema.ts';
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
