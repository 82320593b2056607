// Gift vouchers and what was spent of them.
import { date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { booking, service } from './bookings.ts';
import { pence, requiredUuidRef, timestampDefaultNow, timestamps, uuidPrimaryKey } from './columns.ts';

// ---- Gift vouchers (decisions 051, 052) ----

export type VoucherKind = 'amount' | 'treatment';
export type VoucherStatus = 'awaiting_payment' | 'active' | 'expired' | 'cancelled';
export type VoucherSoldBy = 'cash' | 'card' | 'bank_transfer' | 'online';

/**
 * A gift voucher: an amount (multi-purpose) or a named treatment and length (single-purpose, decision 051). The code
 * is stored without its dashes; the balance only ever goes down, by a conditional update (never below zero).
 */
export const voucher = pgTable(
  'voucher',
  {
    id: uuidPrimaryKey('id'),
    code: text('code').notNull(),
    kind: text('kind').$type<VoucherKind>().notNull(),
    serviceId: uuid('service_id').references(() => service.id, { onDelete: 'set null' }),
    /** The treatment as sold (a single-purpose voucher); its style decides the sales account at redemption. */
    serviceName: text('service_name'),
    durationMinutes: integer('duration_minutes'),
    style: text('style').$type<'therapeutic' | 'sensual'>(),
    serviceType: text('service_type'),
    /** The VAT rate charged at sale (single-purpose) ; zero for an amount, whose VAT is due at redemption. */
    vatRateBp: integer('vat_rate_bp').notNull().default(0),
    valuePence: pence('value_pence'),
    balancePence: pence('balance_pence'),
    /** What was left when it expired and was released to other income. */
    expiredPence: pence('expired_pence').default(0),
    status: text('status').$type<VoucherStatus>().notNull().default('awaiting_payment'),
    soldBy: text('sold_by').$type<VoucherSoldBy>().notNull(),
    buyerId: text('buyer_id').references(() => user.id, { onDelete: 'set null' }),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull().default(''),
    /** A gift: who receives it, by email on the send date. Null: the buyer keeps it. */
    recipientName: text('recipient_name'),
    recipientEmail: text('recipient_email'),
    message: text('message').notNull().default(''),
    sendOn: date('send_on', { mode: 'string' }),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    intentId: text('intent_id'),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    createdBy: text('created_by'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('voucher_code_idx').on(table.code),
    uniqueIndex('voucher_intent_idx').on(table.intentId),
    index('voucher_buyer_idx').on(table.buyerId),
    index('voucher_status_idx').on(table.status, table.expiresOn),
  ],
);

/** Each spending of a voucher: at the till or in the booking funnel, against a booking. */
export const voucherRedemption = pgTable(
  'voucher_redemption',
  {
    id: uuidPrimaryKey('id'),
    voucherId: requiredUuidRef('voucher_id', () => voucher.id),
    bookingId: uuid('booking_id').references(() => booking.id, { onDelete: 'set null' }),
    amountPence: pence('amount_pence'),
    redeemedBy: text('redeemed_by'),
    redeemedAt: timestampDefaultNow('redeemed_at'),
    /** Given back onto the voucher when the booking was cancelled: it no longer counts as paid (never deleted). */
    returnedAt: timestamp('returned_at', { withTimezone: true }),
  },
  (table) => [
    index('voucher_redemption_voucher_idx').on(table.voucherId),
    index('voucher_redemption_booking_idx').on(table.bookingId),
  ],
);
