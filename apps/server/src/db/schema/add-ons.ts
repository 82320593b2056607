// Add-ons (decision 079): the owner's extras and what each booking took of them.
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { booking } from './bookings.ts';
import { pence, requiredUuidRef, timestampDefaultNow, timestamps, uuidParentRef, uuidPrimaryKey } from './columns.ts';

/** An extra the owner offers with some treatments: its minutes lengthen the booking, its price adds to it. */
export const addOn = pgTable('add_on', {
  id: uuidPrimaryKey('id'),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  minutes: integer('minutes').notNull(),
  pricePence: pence('price_pence'),
  /** The service types it is offered with (their styles follow). */
  types: text('types').array().notNull(),
  /** Archived: no longer offered; bookings keep their snapshot. */
  archivedAt: timestamp('archived_at', { withTimezone: true }),
  ...timestamps,
});

/**
 * What a booking took, as it was when booked: the name, minutes, price (VAT inclusive, within the booking's price) and
 * the VAT rate of the treatment then. The booking's own row carries the total price and the end with the minutes in.
 */
export const bookingAddOn = pgTable(
  'booking_add_on',
  {
    bookingId: uuidParentRef('booking_id', () => booking.id),
    addOnId: requiredUuidRef('add_on_id', () => addOn.id),
    name: text('name').notNull(),
    minutes: integer('minutes').notNull(),
    pricePence: pence('price_pence'),
    vatRateBp: integer('vat_rate_bp').notNull(),
    createdAt: timestampDefaultNow('created_at'),
  },
  (table) => [
    primaryKey({ columns: [table.bookingId, table.addOnId] }),
    index('booking_add_on_add_on_idx').on(table.addOnId),
  ],
);
