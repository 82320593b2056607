// Bank-transfer deposits, the VAT return filed with HMRC and the accountant's exports.
import type { BankDepositRule } from '@app/shared';
import { index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { booking } from './bookings.ts';
import { pence, requiredUuidRef, timestamps, uuidPrimaryKey } from './columns.ts';
import { payment } from './money.ts';

// ---- Deposits by bank transfer for sensual bookings (decision 066) ----

/** One row (id 1): the deposit asked by bank transfer, how long the time is held for it, and where to pay it. */
export const bankTransferSettings = pgTable('bank_transfer_settings', {
  id: smallint('id').primaryKey().default(1),
  deposit: jsonb('deposit').$type<BankDepositRule>().notNull(),
  holdHours: integer('hold_hours').notNull(),
  accountName: text('account_name').notNull(),
  sortCode: text('sort_code').notNull(),
  accountNumber: text('account_number').notNull(),
  ...timestamps,
});

export type BankDepositStatus = 'awaiting' | 'received' | 'released';
/** Where a received deposit stands in the books: held, then sales, kept (other income) or paid back. */
export type BankDepositSettlement = 'held' | 'recognised' | 'kept' | 'refunded';

/**
 * The deposit a sensual booking waits for by bank transfer: the reference the client quotes, the amount, until when
 * the time is held, and what became of the money. The money itself is a `payment` row (bank transfer) once received.
 */
export const bankTransferDeposit = pgTable(
  'bank_transfer_deposit',
  {
    id: uuidPrimaryKey('id'),
    bookingId: requiredUuidRef('booking_id', () => booking.id),
    reference: text('reference').notNull(),
    amountPence: pence('amount_pence'),
    status: text('status').$type<BankDepositStatus>().notNull().default('awaiting'),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    /** 'statement' when matched from an imported bank statement, 'owner' when marked received by hand. */
    matchedBy: text('matched_by').$type<'statement' | 'owner'>(),
    paymentId: uuid('payment_id').references(() => payment.id, { onDelete: 'set null' }),
    refundId: uuid('refund_id').references(() => payment.id, { onDelete: 'set null' }),
    settlement: text('settlement').$type<BankDepositSettlement>(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('bank_transfer_deposit_booking_idx').on(table.bookingId),
    uniqueIndex('bank_transfer_deposit_reference_idx').on(table.reference),
    index('bank_transfer_deposit_hold_idx').on(table.status, table.holdExpiresAt),
  ],
);
