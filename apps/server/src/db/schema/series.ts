// Standing appointments: a recurring series of ordinary bookings (decisions 085 and 086).
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { booking } from './bookings.ts';
import { timestampDefaultNow, timestamps, uuidParentRef, uuidPrimaryKey } from './columns.ts';

/**
 * What the owner asked for: every N weeks, on the business clock's weekday and time, N times or until a date. The
 * bookings themselves are ordinary rows (the booking table is not touched); this row only names the rule.
 */
export const bookingSeries = pgTable(
  'booking_series',
  {
    id: uuidPrimaryKey('id'),
    clientId: text('client_id').references(() => user.id, { onDelete: 'set null' }),
    /** 1, 2 or 4. */
    everyWeeks: integer('every_weeks').notNull(),
    /** The RFC 5545 rule as rrule wrote it, in floating (wall-clock) time, for the record. */
    rule: text('rule').notNull(),
    /** Wall-clock time on the business clock, "HH:MM", and weekday (0 Sunday). */
    localTime: text('local_time').notNull(),
    weekday: integer('weekday').notNull(),
    /** How many the owner asked for (after skipping), and how many were booked. */
    requestedCount: integer('requested_count').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    createdBy: text('created_by'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('booking_series_key_idx').on(table.idempotencyKey),
    index('booking_series_client_idx').on(table.clientId),
  ],
);

/** Which booking belongs to which series, and its place in it (1-based, in the rule's order). */
export const bookingSeriesMember = pgTable(
  'booking_series_member',
  {
    bookingId: uuid('booking_id')
      .primaryKey()
      .references(() => booking.id, { onDelete: 'cascade' }),
    seriesId: uuidParentRef('series_id', () => bookingSeries.id),
    position: integer('position').notNull(),
    createdAt: timestampDefaultNow('created_at'),
  },
  (table) => [uniqueIndex('booking_series_member_position_idx').on(table.seriesId, table.position)],
);
