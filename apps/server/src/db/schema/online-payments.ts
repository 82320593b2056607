// Online payment through Stripe: the policy, payments, refunds, events and no-show fees.
import type { PaymentPolicy } from '@app/shared';
import { index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { booking } from './bookings.ts';
import { idAndUuidParent, pence, requiredUuidRef, timestampDefaultNow, timestamps, uuidPrimaryKey } from './columns.ts';
import { journalEntry, payment } from './money.ts';

// ---- Online payment (decision 047) ----

/** One row (id 1): what the owner asks to be paid up front; seeded with "nothing" everywhere. */
export const paymentPolicy = pgTable('payment_policy', {
  id: smallint('id').primaryKey().default(1),
  rules: jsonb('rules').$type<Omit<PaymentPolicy, 'freeCancellationHours'>>().notNull(),
  freeCancellationHours: integer('free_cancellation_hours').notNull().default(24),
  ...timestamps,
});

export type OnlinePaymentStatus = 'awaiting' | 'succeeded' | 'failed' | 'cancelled';
/** Where the money of a succeeded payment stands in the books: held, then sales, kept (income) or paid back. */
export type OnlinePaymentSettlement = 'held' | 'recognised' | 'kept' | 'refunded';

/**
 * A Stripe PaymentIntent made for a booking (one per booking): the amount asked, until when the time is held, and
 * what became of the money. The money itself is a `payment` row once Stripe says it succeeded.
 */
export const onlinePayment = pgTable(
  'online_payment',
  {
    id: uuidPrimaryKey('id'),
    bookingId: uuid('booking_id').references(() => booking.id, { onDelete: 'set null' }),
    purpose: text('purpose').$type<'deposit' | 'prepayment'>().notNull(),
    amountPence: pence('amount_pence'),
    currency: text('currency').notNull(),
    /** Null only between the booking's commit and Stripe's answer. */
    intentId: text('intent_id'),
    status: text('status').$type<OnlinePaymentStatus>().notNull().default('awaiting'),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }).notNull(),
    paymentId: uuid('payment_id').references(() => payment.id, { onDelete: 'set null' }),
    refundId: uuid('refund_id').references(() => payment.id, { onDelete: 'set null' }),
    settlement: text('settlement').$type<OnlinePaymentSettlement>(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('online_payment_booking_idx').on(table.bookingId),
    uniqueIndex('online_payment_intent_idx').on(table.intentId),
    index('online_payment_hold_idx').on(table.status, table.holdExpiresAt),
  ],
);

export type OnlineRefundStatus = 'requested' | 'retrying' | 'pending' | 'succeeded' | 'failed';

/**
 * A refund of an online payment asked of Stripe (decision 053): written before Stripe is called, so a
 * call that fails after the commit is retried by a job with the same idempotency key, and recorded in the books
 * (a `payment` row of kind 'refund' and its posting) only once Stripe says it succeeded.
 */
export const onlineRefund = pgTable(
  'online_refund',
  {
    id: uuidPrimaryKey('id'),
    onlinePaymentId: requiredUuidRef('online_payment_id', () => onlinePayment.id),
    bookingId: uuid('booking_id').references(() => booking.id, { onDelete: 'set null' }),
    amountPence: pence('amount_pence'),
    reason: text('reason').notNull(),
    status: text('status').$type<OnlineRefundStatus>().notNull().default('requested'),
    stripeRefundId: text('stripe_refund_id'),
    /** Stripe's words for a failure, shown to the owner; never the client's details. */
    failure: text('failure'),
    attempts: integer('attempts').notNull().default(0),
    paymentId: uuid('payment_id').references(() => payment.id, { onDelete: 'set null' }),
    requestedBy: text('requested_by'),
    ...timestamps,
  },
  (table) => [
    index('online_refund_payment_idx').on(table.onlinePaymentId),
    uniqueIndex('online_refund_stripe_idx').on(table.stripeRefundId),
    index('online_refund_status_idx').on(table.status),
  ],
);

/** Every Stripe event handled, by Stripe's id: a repeat delivery finds its row and changes nothing. */
export const stripeEvent = pgTable('stripe_event', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  objectId: text('object_id'),
  /** What handling it did, for whoever reads the table after a dispute. */
  outcome: text('outcome').notNull().default(''),
  receivedAt: timestampDefaultNow('received_at'),
});

/**
 * Every Stripe balance transaction the daily job has read, by Stripe's id (decision 054): a second run,
 * or two instances running at once, find the row and post nothing. The newest `created` is where the next run
 * starts reading.
 */
export const stripeBalanceTransaction = pgTable(
  'stripe_balance_transaction',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    amountPence: pence('amount_pence'),
    feePence: pence('fee_pence'),
    currency: text('currency').notNull(),
    created: timestamp('created', { withTimezone: true }).notNull(),
    /** The posting it made; null when it changed nothing in the books (a payment's own amount, a foreign currency). */
    entryId: uuid('entry_id').references(() => journalEntry.id),
    fetchedAt: timestampDefaultNow('fetched_at'),
  },
  (table) => [index('stripe_balance_transaction_created_idx').on(table.created)],
);

export type NoShowFeeStatus = 'awaiting_card' | 'card_saved' | 'charged' | 'failed';

/**
 * A no-show fee a client agreed to when booking (decision 054): when and to what (amount, text version), the Stripe
 * Customer and SetupIntent that save their card, the saved payment method's id once Stripe says so (never a card
 * detail), and the off-session charge if the owner makes it after a no-show.
 */
export const noShowFee = pgTable(
  'no_show_fee',
  {
    ...idAndUuidParent('bookingId', 'booking_id', () => booking.id),
    amountPence: pence('amount_pence'),
    currency: text('currency').notNull(),
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull(),
    consentVersion: text('consent_version').notNull(),
    /** Null only between the booking's commit and Stripe's answer. */
    customerId: text('customer_id'),
    setupIntentId: text('setup_intent_id'),
    paymentMethodId: text('payment_method_id'),
    status: text('status').$type<NoShowFeeStatus>().notNull().default('awaiting_card'),
    intentId: text('intent_id'),
    failureMessage: text('failure_message'),
    paymentId: uuid('payment_id').references(() => payment.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('no_show_fee_booking_idx').on(table.bookingId),
    uniqueIndex('no_show_fee_setup_idx').on(table.setupIntentId),
    uniqueIndex('no_show_fee_intent_idx').on(table.intentId),
  ],
);
