import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { booking } from '../../db/schema.ts';

// What a reminder by email (booking-reminders.ts) and one by text (texts/text-reminders.ts) both ask of the diary.
// It imports no other module: the texts module, which the bookings import, reads it with no cycle.

const HOUR = 3_600_000;

/** The confirmed bookings starting after `at` and at most `hours` later, soonest first. */
export function confirmedStartingWithin(db: DbOrTx, request: { at: number; hours: number }) {
  const { at, hours } = request;
  return db
    .select()
    .from(booking)
    .where(
      and(
        eq(booking.status, 'confirmed'),
        sql`${booking.startsAt} > ${new Date(at)}`,
        sql`${booking.startsAt} <= ${new Date(at + hours * HOUR)}`,
      ),
    )
    .orderBy(asc(booking.startsAt));
}

/** The outbox key of a booking's reminder: one for each start time, so a moved booking is reminded again. */
export const reminderKey = (row: { id: string; startsAt: Date }) => `reminder:${row.id}:${row.startsAt.toISOString()}`;
