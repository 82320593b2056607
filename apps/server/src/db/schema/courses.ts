// Courses of sessions (decisions 081 and 082): what the owner offers, what each client bought, and
// each session used by a booking or changed by the owner. Nothing is added to booking: a use links to it by id.

import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { booking, service } from './bookings.ts';
import { idAndUuidParent, pence, textParentRef, timestampDefaultNow, timestamps, uuidPrimaryKey } from './columns.ts';

export type CoursePurchaseStatus = 'awaiting_payment' | 'active' | 'expired' | 'cancelled';
export type CourseSoldBy = 'cash' | 'card' | 'bank_transfer' | 'online';

/** What a course is of, as offered and as sold: N sessions of one treatment at one length, named as it was then. */
const courseTreatment = {
  serviceId: uuid('service_id').references(() => service.id, { onDelete: 'set null' }),
  serviceName: text('service_name').notNull(),
  style: text('style').$type<'therapeutic' | 'sensual'>().notNull(),
  serviceType: text('service_type').notNull(),
  durationMinutes: integer('duration_minutes').notNull(),
  sessions: integer('sessions').notNull(),
};

/** A course on offer: N sessions of one treatment at one length, for one price, valid for some months. */
export const courseProduct = pgTable('course_product', {
  id: uuidPrimaryKey('id'),
  ...courseTreatment,
  pricePence: pence('price_pence'),
  expiryMonths: integer('expiry_months').notNull(),
  active: boolean('active').notNull().default(true),
  ...timestamps,
});

/**
 * A course a client bought: the treatment as sold and the VAT charged at sale (single-purpose, decision 081). The
 * sessions left only change by a conditional update, never below zero nor above the sessions bought.
 */
export const coursePurchase = pgTable(
  'course_purchase',
  {
    id: uuidPrimaryKey('id'),
    productId: uuid('product_id').references(() => courseProduct.id, { onDelete: 'set null' }),
    clientId: textParentRef('client_id', () => user.id),
    ...courseTreatment,
    sessionsLeft: integer('sessions_left').notNull(),
    pricePence: pence('price_pence'),
    vatRateBp: integer('vat_rate_bp').notNull().default(0),
    status: text('status').$type<CoursePurchaseStatus>().notNull().default('awaiting_payment'),
    soldBy: text('sold_by').$type<CourseSoldBy>().notNull(),
    /** Sessions left when it expired, released to other income. */
    expiredSessions: integer('expired_sessions').notNull().default(0),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    expiryMonths: integer('expiry_months').notNull(),
    intentId: text('intent_id'),
    createdBy: text('created_by'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('course_purchase_intent_idx').on(table.intentId),
    index('course_purchase_client_idx').on(table.clientId),
    index('course_purchase_status_idx').on(table.status, table.expiresOn),
    check(
      'course_purchase_sessions_left_check',
      sql`${table.sessionsLeft} >= 0 and ${table.sessionsLeft} <= ${table.sessions}`,
    ),
  ],
);

/** A session of a course paying for a booking; given back (kept, never deleted) when cancelled in time. */
export const courseSessionUse = pgTable(
  'course_session_use',
  {
    ...idAndUuidParent('purchaseId', 'purchase_id', () => coursePurchase.id),
    bookingId: uuid('booking_id').references(() => booking.id, { onDelete: 'set null' }),
    /** What the session paid of the booking (the treatment's price that day): counts as received, as a voucher's. */
    coveredPence: pence('covered_pence').default(0),
    usedBy: text('used_by'),
    usedAt: timestampDefaultNow('used_at'),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
  },
  (table) => [
    index('course_session_use_purchase_idx').on(table.purchaseId),
    index('course_session_use_booking_idx').on(table.bookingId),
  ],
);

/** The owner's correction of the sessions left, with the reason (also in the audit log). */
export const courseAdjustment = pgTable(
  'course_adjustment',
  {
    ...idAndUuidParent('purchaseId', 'purchase_id', () => coursePurchase.id),
    change: integer('change').notNull(),
    reason: text('reason').notNull(),
    adjustedBy: text('adjusted_by'),
    adjustedAt: timestampDefaultNow('adjusted_at'),
  },
  (table) => [index('course_adjustment_purchase_idx').on(table.purchaseId)],
);
