// The waitlist (decisions 083, 084): who waits for what, the times freed in the diary, and the
// offers made of them. Linked to bookings and clients by their ids; nothing is added to their tables.
import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { booking, service } from './bookings.ts';
import {
  idAndTextParent,
  idAndUuidParent,
  textParentRef,
  timestamps,
  uuidParentRef,
  uuidPrimaryKey,
} from './columns.ts';

export type WaitlistEntryStatus = 'waiting' | 'booked' | 'left';

/** A signed-in client waiting for a treatment and length over a range of days and times (business clock). */
export const waitlistEntry = pgTable(
  'waitlist_entry',
  {
    ...idAndTextParent('clientId', 'client_id', () => user.id),
    serviceId: uuidParentRef('service_id', () => service.id),
    durationMinutes: integer('duration_minutes').notNull(),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    days: text('days').$type<'any' | 'weekdays' | 'weekends'>().notNull().default('any'),
    fromTime: text('from_time').notNull(),
    toTime: text('to_time').notNull(),
    status: text('status').$type<WaitlistEntryStatus>().notNull().default('waiting'),
    /** The booking an offer of this entry became. */
    bookingId: uuid('booking_id').references(() => booking.id, { onDelete: 'set null' }),
    leftAt: timestamp('left_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('waitlist_entry_waiting_idx').on(t.fromDate, t.toDate).where(sql`${t.status} = 'waiting'`),
    index('waitlist_entry_client_idx').on(t.clientId),
  ],
);

/**
 * A stretch of diary time that became free (a cancellation, a move, a released hold, a block removed), written in
 * the transaction that freed it; a job turns it into offers after the commit, so a slow email never slows the cancel.
 */
export const waitlistFreedTime = pgTable(
  'waitlist_freed_time',
  {
    id: uuidPrimaryKey('id'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    cause: text('cause').notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('waitlist_freed_time_due_idx').on(t.createdAt).where(sql`${t.processedAt} is null`)],
);

export type WaitlistOfferRowStatus = 'offered' | 'claimed' | 'gone' | 'expired';

/** One time offered to one waiting client; the first claim that places the booking wins (decision 084). */
export const waitlistOffer = pgTable(
  'waitlist_offer',
  {
    ...idAndUuidParent('entryId', 'entry_id', () => waitlistEntry.id),
    clientId: textParentRef('client_id', () => user.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    status: text('status').$type<WaitlistOfferRowStatus>().notNull().default('offered'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The freed time it came from; null when the owner offered it by hand. */
    freedId: uuid('freed_id').references(() => waitlistFreedTime.id, { onDelete: 'set null' }),
    offeredBy: text('offered_by').$type<'system' | 'owner'>().notNull().default('system'),
    bookingId: uuid('booking_id').references(() => booking.id, { onDelete: 'set null' }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('waitlist_offer_entry_time_uq').on(t.entryId, t.startsAt),
    index('waitlist_offer_open_idx').on(t.startsAt).where(sql`${t.status} = 'offered'`),
  ],
);

/** The owner's waitlist settings: one row. */
export const waitlistSettings = pgTable('waitlist_settings', {
  id: integer('id').primaryKey().default(1),
  offerMinutes: integer('offer_minutes').notNull().default(120),
  ...timestamps,
});
