// Add-ons (decision 079): the owner's extras and what each booking took of them.
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { booking } from './bookings.ts';
import { timestamps } from './columns.ts';

/** An extra the owner offers with some treatments: its minutes lengthen the booking, its price adds to it. */
export const addOn = pgTable('add_on', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  minutes: integer('minutes').notNull(),
  pricePence: integer('price_pence').notNull(),
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
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => booking.id, { onDelete: 'cascade' }),
    addOnId: uuid('add_on_id')
      .notNull()
      .references(() => addOn.id),
    name: text('name').notNull(),
    minutes: integer('minutes').notNull(),
    pricePence: integer('price_pence').notNull(),
    vatRateBp: integer('vat_rate_bp').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.bookingId, table.addOnId] }),
    index('booking_add_on_add_on_idx').on(table.addOnId),
  ],
);
