// Reviews from clients after a completed therapeutic appointment (decision 074).
import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { booking } from './bookings.ts';
import { idAndUuidParent, textParentRef, timestampDefaultNow, timestamps } from './columns.ts';

export type ReviewStatus = 'pending' | 'approved' | 'hidden';

/**
 * One review per visit (the unique booking id), left by the visit's client. Only a therapeutic booking may carry
 * one; the first name and the visit's month are copied at writing, so the public line never reads the client's
 * account. Deleting the client's account or the booking deletes the review.
 */
export const review = pgTable(
  'review',
  {
    ...idAndUuidParent('bookingId', 'booking_id', () => booking.id),
    clientId: textParentRef('client_id', () => user.id),
    serviceType: text('service_type').notNull(),
    rating: smallint('rating').notNull(),
    body: text('body').notNull().default(''),
    firstName: text('first_name').notNull(),
    visitedAt: timestamp('visited_at', { withTimezone: true }).notNull(),
    status: text('status').$type<ReviewStatus>().notNull().default('pending'),
    /** The owner's public answer, shown under the review. */
    reply: text('reply').notNull().default(''),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('review_booking_idx').on(table.bookingId),
    index('review_status_idx').on(table.status, table.visitedAt),
    check('review_rating_range', sql`${table.rating} between 1 and 5`),
  ],
);

/** Each visit whose client was asked for a review: asked once, even if the review is later deleted. */
export const reviewRequest = pgTable('review_request', {
  bookingId: uuid('booking_id')
    .primaryKey()
    .references(() => booking.id, { onDelete: 'cascade' }),
  askedAt: timestampDefaultNow('asked_at'),
});

/** One row (id 1): the owner's review settings. */
export const reviewSettings = pgTable('review_settings', {
  id: smallint('id').primaryKey().default(1),
  /** Where the thank-you email sends a client who would also review on Google; empty: no link. */
  googleReviewUrl: text('google_review_url').notNull().default(''),
  ...timestamps,
});
