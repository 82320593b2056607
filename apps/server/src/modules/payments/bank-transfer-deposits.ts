import { randomInt } from 'node:crypto';
import {
  type AdminBookingBankDeposit,
  type BankTransferSettings,
  type BookingBankTransfer,
  bankDepositDue,
  bankTransferSettingsSchema,
  type CancellationMoney,
  defaultBankTransferSettings,
} from '@app/shared';
import { and, eq, lte } from 'drizzle-orm';
import type { BookingDeps } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { bankTransferDeposit, bankTransferSettings, booking } from '../../db/schema.ts';
import { localDateOf } from '../../lib/zoned-time.ts';
import { getBookingRules } from '../availability/availability.service.ts';
import { type BookingTx, bookingPaid, now, queueEmail, releaseUnpaidBooking } from '../bookings/booking-state.ts';
import { bankDepositEntry, bankDepositRefundEntry } from '../ledger/bank-transfer-postings.ts';
import { postJournalEntry, salesVatRateBp } from '../ledger/ledger.service.ts';
import { depositAppliedEntry, depositKeptEntry } from '../ledger/postings.ts';
import { giveBackVoucherSpending } from '../vouchers/spend-vouchers.ts';
import { recordPayment } from './payments.service.ts';

// Deposits by bank transfer for sensual bookings (decision 066): Stripe prohibits card payments for them (065).

type BookingRow = typeof booking.$inferSelect;
export type BankDepositRow = typeof bankTransferDeposit.$inferSelect;

export const BANK_HOLD_RELEASE_REASON = 'The deposit by bank transfer did not arrive in time: the time was released.';
export const BANK_HOLD_RELEASED_BY_OWNER = 'The deposit by bank transfer was not paid: the time was released.';

/** The owner's settings (one row); none saved yet asks no deposit. */
export async function readBankTransferSettings(db: DbOrTx): Promise<BankTransferSettings> {
  const [row] = await db.select().from(bankTransferSettings).where(eq(bankTransferSettings.id, 1));
  if (!row) return defaultBankTransferSettings();
  const parsed = bankTransferSettingsSchema.safeParse({
    deposit: row.deposit,
    holdHours: row.holdHours,
    accountName: row.accountName,
    sortCode: row.sortCode,
    accountNumber: row.accountNumber,
  });
  return parsed.success ? parsed.data : defaultBankTransferSettings();
}

/** The deposit a sensual booking made online asks by bank transfer, in pence (0: none, or no account to pay into). */
export async function bankDepositFor(tx: DbOrTx, request: { pricePence: number }): Promise<number> {
  const settings = await readBankTransferSettings(tx);
  if (!settings.accountNumber) return 0;
  return bankDepositDue(settings.deposit, request.pricePence);
}

/** Letters and digits nobody misreads over the phone or in a banking app (no 0/O, 1/I/L). */
const REFERENCE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** "DEP" and seven characters: short enough for every UK bank's 18-character reference. */
export function newDepositReference(): string {
  let code = '';
  for (let i = 0; i < 7; i++) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `DEP${code}`;
}

/**
 * The deposit a new booking waits for, written with it: the time is held until the owner's number of hours from
 * now. The reference is unique (the index decides; a clash of 34 random bits is drawn again).
 */
export async function openBankDeposit(tx: DbOrTx, request: { row: BookingRow; amountPence: number; at: number }) {
  const settings = await readBankTransferSettings(tx);
  const holdExpiresAt = new Date(request.at + settings.holdHours * 3_600_000);
  for (let attempt = 0; attempt < 5; attempt++) {
    const [made] = await tx
      .insert(bankTransferDeposit)
      .values({
        bookingId: request.row.id,
        reference: newDepositReference(),
        amountPence: request.amountPence,
        holdExpiresAt,
      })
      .onConflictDoNothing({ target: bankTransferDeposit.reference })
      .returning();
    if (made) return made;
  }
  throw new Error('could not draw an unused deposit reference');
}

export async function bankDepositOfBooking(tx: DbOrTx, request: { bookingId: string; forUpdate?: boolean }) {
  const query = tx.select().from(bankTransferDeposit).where(eq(bankTransferDeposit.bookingId, request.bookingId));
  const [row] = request.forUpdate ? await query.for('update') : await query;
  return row;
}

/** What the client is told: where to pay, the reference to quote and until when the time is held. */
export async function bankTransferForClient(db: DbOrTx, request: { bookingId: string }) {
  const deposit = await bankDepositOfBooking(db, request);
  if (!deposit) return null;
  const settings = await readBankTransferSettings(db);
  return {
    amountPence: deposit.amountPence,
    reference: deposit.reference,
    accountName: settings.accountName,
    sortCode: settings.sortCode,
    accountNumber: settings.accountNumber,
    holdExpiresAt: deposit.holdExpiresAt.toISOString(),
    status: deposit.status,
  } satisfies BookingBankTransfer;
}

/**
 * The deposit arrived (matched on a statement, or marked received by the owner), in the caller's transaction with
 * the booking locked: a bank-transfer payment row, posted to the bank against Deposits held, and the booking is
 * booked (waiting for the owner, or confirmed) with its emails. False when it was no longer awaited.
 */
export async function receiveBankDeposit(
  deps: BookingTx,
  request: { row: BookingRow; deposit: BankDepositRow; matchedBy: 'statement' | 'owner'; by: string | null },
): Promise<boolean> {
  const { tx } = deps;
  const { row, deposit } = request;
  if (deposit.status !== 'awaiting' || row.status !== 'awaiting_payment') return false;
  const at = now(deps);
  const paid = await recordPayment(tx, {
    bookingId: row.id,
    clientId: row.clientId,
    kind: 'payment',
    amountPence: deposit.amountPence,
    method: 'bank_transfer',
    paidAt: new Date(at),
    note: `Deposit by bank transfer (reference ${deposit.reference})`,
    recordedBy: request.by,
  });
  await postJournalEntry(tx, {
    draft: bankDepositEntry({
      paymentId: paid.id,
      date: localDateOf(at, deps.env.BUSINESS_TIME_ZONE),
      amountPence: deposit.amountPence,
      description: `Deposit by bank transfer for ${row.serviceName} (${deposit.reference})`,
    }),
    createdBy: request.by,
  });
  await tx
    .update(bankTransferDeposit)
    .set({
      status: 'received',
      settlement: 'held',
      receivedAt: new Date(at),
      matchedBy: request.matchedBy,
      paymentId: paid.id,
    })
    .where(eq(bankTransferDeposit.id, deposit.id));
  await bookingPaid(deps, { row, details: { bankDeposit: deposit.reference, matchedBy: request.matchedBy } });
  return true;
}

/**
 * A held deposit leaves Deposits held as a deposit taken online does: to sales when the appointment took place, to
 * other income when it is kept (a no-show, a late cancellation). Nothing held, nothing posted.
 */
export async function settleBankDeposit(
  tx: DbOrTx,
  request: { timeZone: string; row: BookingRow; outcome: 'recognised' | 'kept'; at: number; createdBy: string | null },
) {
  const { row, outcome, at, createdBy } = request;
  const held = await bankDepositOfBooking(tx, { bookingId: row.id, forUpdate: true });
  if (held?.settlement !== 'held') return;
  const posting = {
    onlinePaymentId: held.id,
    date: localDateOf(at, request.timeZone),
    amountPence: held.amountPence,
  };
  const vatRateBp = await salesVatRateBp(tx);
  const draft =
    outcome === 'recognised'
      ? depositAppliedEntry({
          ...posting,
          sale: { style: row.style, serviceType: row.type, vatRateBp },
          description: `Deposit by bank transfer applied to ${row.serviceName}`,
        })
      : depositKeptEntry({
          ...posting,
          vatRateBp,
          description: `Deposit by bank transfer kept for ${row.serviceName}`,
        });
  await postJournalEntry(tx, { draft, createdBy });
  await tx.update(bankTransferDeposit).set({ settlement: outcome }).where(eq(bankTransferDeposit.id, held.id));
}

/** A held deposit paid back to the client by bank transfer: a refund row (bank transfer) and its posting. */
export async function refundBankDeposit(
  tx: DbOrTx,
  request: { timeZone: string; row: BookingRow; deposit: BankDepositRow; at: number; by: string },
) {
  const { row, deposit, at } = request;
  const refund = await recordPayment(tx, {
    bookingId: row.id,
    clientId: row.clientId,
    kind: 'refund',
    amountPence: deposit.amountPence,
    method: 'bank_transfer',
    paidAt: new Date(at),
    note: `Deposit by bank transfer paid back (reference ${deposit.reference})`,
    recordedBy: request.by,
  });
  await postJournalEntry(tx, {
    draft: bankDepositRefundEntry({
      refundId: refund.id,
      date: localDateOf(at, request.timeZone),
      amountPence: deposit.amountPence,
      description: `Deposit by bank transfer paid back for ${row.serviceName} (${deposit.reference})`,
    }),
    createdBy: request.by,
  });
  await tx
    .update(bankTransferDeposit)
    .set({ settlement: 'refunded', refundId: refund.id })
    .where(eq(bankTransferDeposit.id, deposit.id));
  return refund;
}

/**
 * The hold sweep's part for bank transfers (run by the same pg-boss job as the payment holds, decision 047): each
 * booking whose deposit has not arrived by its deadline gives its time back, what a voucher paid goes back onto it,
 * and the client is told by email.
 */
export async function releaseExpiredBankDeposits(deps: BookingDeps): Promise<number> {
  const at = now(deps);
  const due = await deps.db
    .select({ id: bankTransferDeposit.id })
    .from(bankTransferDeposit)
    .where(and(eq(bankTransferDeposit.status, 'awaiting'), lte(bankTransferDeposit.holdExpiresAt, new Date(at))));
  let released = 0;
  for (const { id } of due)
    if (await deps.db.transaction((tx) => releaseBankHold({ ...deps, tx }, { id, reason: BANK_HOLD_RELEASE_REASON })))
      released++;
  return released;
}

/**
 * A booking still awaiting its deposit gives its time back, in the caller's transaction: what a voucher paid goes
 * back onto it and the client is emailed why. False when the deposit was no longer awaited.
 */
export async function releaseBankHold(deps: BookingTx, request: { id: string; reason: string }): Promise<boolean> {
  const { tx } = deps;
  const [still] = await tx
    .select()
    .from(bankTransferDeposit)
    .where(eq(bankTransferDeposit.id, request.id))
    .for('update');
  if (still?.status !== 'awaiting') return false;
  const [row] = await tx.select().from(booking).where(eq(booking.id, still.bookingId)).for('update');
  await tx.update(bankTransferDeposit).set({ status: 'released' }).where(eq(bankTransferDeposit.id, still.id));
  if (row?.status !== 'awaiting_payment') return true;
  const voucherReturnedPence = await giveBackVoucherSpending(deps, { bookingRow: row, by: null });
  const updated = await releaseUnpaidBooking(deps, {
    row,
    reason: request.reason,
    details: { voucherReturnedPence, bankDeposit: still.reference },
  });
  if (updated.clientEmail)
    await queueEmail(deps, {
      kind: 'booking.cancelled',
      booking: updated,
      rules: await getBookingRules(tx, { timeZone: deps.env.BUSINESS_TIME_ZONE }),
      reason: request.reason,
    });
  return true;
}

/** A booking awaiting its deposit is cancelled: the deposit is no longer awaited. */
export async function cancelAwaitedBankDeposit(tx: DbOrTx, request: { bookingId: string }) {
  await tx
    .update(bankTransferDeposit)
    .set({ status: 'released' })
    .where(and(eq(bankTransferDeposit.bookingId, request.bookingId), eq(bankTransferDeposit.status, 'awaiting')));
}

/**
 * What cancelling does to a deposit received by bank transfer and still held, by the terms a card deposit follows:
 * kept when the client cancels inside the free cancellation window's end, paid back when they cancel before it or
 * when the owner cancels and chooses to pay back. Null when no deposit is held.
 */
export async function bankDepositCancellationOf(
  tx: DbOrTx,
  request: {
    row: BookingRow;
    late: boolean;
    by: 'client' | 'business';
    refund: boolean;
    freeCancellationHours: number;
  },
): Promise<CancellationMoney | null> {
  const held = await bankDepositOfBooking(tx, { bookingId: request.row.id });
  if (held?.status !== 'received' || held.settlement !== 'held') return null;
  const money = {
    kind: 'deposit' as const,
    amountPence: held.amountPence,
    freeCancellationHours: request.freeCancellationHours,
  };
  if (request.by === 'client' && request.late) return { ...money, outcome: 'kept', paidBy: 'bank_transfer' };
  if (request.by === 'business' && !request.refund) return null;
  return { ...money, outcome: 'refunded', paidBy: 'bank_transfer' };
}

/** The held deposit of a cancelled booking paid back as a bank payment, in the cancelling's transaction. */
export async function refundHeldBankDeposit(
  tx: DbOrTx,
  request: { timeZone: string; row: BookingRow; at: number; by: string },
) {
  const deposit = await bankDepositOfBooking(tx, { bookingId: request.row.id, forUpdate: true });
  if (deposit?.status !== 'received' || deposit.settlement !== 'held') return null;
  return refundBankDeposit(tx, { ...request, deposit });
}

/** The payment rows of a booking's bank deposit (received, paid back): settled by the deposit's terms, not by hand. */
export async function bankDepositMoneyIdsOf(tx: DbOrTx, request: { bookingId: string }): Promise<string[]> {
  const deposit = await bankDepositOfBooking(tx, request);
  return [deposit?.paymentId, deposit?.refundId].filter((id): id is string => Boolean(id));
}

/** The booking sheet's view of its deposit by bank transfer: awaiting, received and held, applied, kept or paid back. */
export async function adminBankDepositOf(
  db: DbOrTx,
  request: { bookingId: string },
): Promise<AdminBookingBankDeposit | null> {
  const row = await bankDepositOfBooking(db, request);
  if (!row) return null;
  return {
    id: row.id,
    reference: row.reference,
    amountPence: row.amountPence,
    status: row.status,
    settlement: row.settlement ?? null,
    holdExpiresAt: row.holdExpiresAt.toISOString(),
    receivedAt: row.receivedAt?.toISOString() ?? null,
    matchedBy: row.matchedBy ?? null,
  };
}
