import { AppError, type BookingPayment, SENSUAL_CARD_REFUSAL, stripeAllowsStyle } from '@app/shared';
import { and, eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { DbOrTx } from '../../db/client.ts';
import { type booking, onlinePayment, onlineRefund } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { localDateOf } from '../../lib/zoned-time.ts';
import { type BookingTx, releaseUnpaidBooking } from '../bookings/booking-state.ts';
import { postJournalEntry, salesVatRateBp } from '../ledger/ledger.service.ts';
import { depositAppliedEntry, depositKeptEntry, onlinePaymentEntry } from '../ledger/postings.ts';
import { giveBackVoucherSpending } from '../vouchers/spend-vouchers.ts';
import { cancelAwaitedBankDeposit, settleBankDeposit } from './bank-transfer-deposits.ts';
import { recordPayment } from './payments.service.ts';
import { createPageIntent, type StripeAccount } from './stripe-client.ts';

type BookingRow = typeof booking.$inferSelect;
export type OnlinePaymentRow = typeof onlinePayment.$inferSelect;

// How long a booking awaiting payment holds its time is PAYMENT_HOLD_S (9 minutes; the release job looks every
// PAYMENT_HOLD_SWEEP_S, a minute, decision 047).
export const HOLD_RELEASE_REASON = 'Not paid within 10 minutes: the time was released.';

/** Stripe's idempotency key of a booking's one payment intent: a retry or a second click asks for the same one. */
export const intentKeyOf = (bookingId: string) => `booking-${bookingId}`;

/** The smallest charge Stripe takes in a currency (pence, cents): 30p in pounds, 50 elsewhere we are likely to meet. */
export function minimumChargeOf(currency: string): number {
  return currency.toUpperCase() === 'GBP' ? 30 : 50;
}

/**
 * Stripe is never asked to take or save a card for a sensual booking (decision 065): each call that would start one
 * checks here, whatever the policy row says.
 */
export function assertStripeAllows(row: { style: 'therapeutic' | 'sensual' }) {
  if (!stripeAllowsStyle(row.style)) throw new AppError('CONFLICT', SENSUAL_CARD_REFUSAL);
}

export async function onlinePaymentOfBooking(tx: DbOrTx, request: { bookingId: string; forUpdate?: boolean }) {
  const query = tx.select().from(onlinePayment).where(eq(onlinePayment.bookingId, request.bookingId));
  const [row] = request.forUpdate ? await query.for('update') : await query;
  return row;
}

/** What is still held of an online payment: its amount less the refunds Stripe confirmed while it was held. */
export async function stillHeldOf(tx: DbOrTx, held: OnlinePaymentRow): Promise<number> {
  if (held.settlement !== 'held') return 0;
  const [back] = await tx
    .select({ total: sql<number>`coalesce(sum(${onlineRefund.amountPence}), 0)`.mapWith(Number) })
    .from(onlineRefund)
    .where(and(eq(onlineRefund.onlinePaymentId, held.id), eq(onlineRefund.status, 'succeeded')));
  return held.amountPence - (back?.total ?? 0);
}

/**
 * The payment a new booking waits for, written with the booking (decision 047): the time is held until
 * PAYMENT_HOLD_S from now. Nobody is emailed yet: the booking exists for the client only once it is paid.
 */
export async function openOnlinePayment(
  tx: DbOrTx,
  request: {
    env: Env;
    bookingId: string;
    style: 'therapeutic' | 'sensual';
    purpose: 'deposit' | 'prepayment';
    amountPence: number;
    at: number;
  },
) {
  const { env } = request;
  assertStripeAllows(request);
  await tx.insert(onlinePayment).values({
    bookingId: request.bookingId,
    purpose: request.purpose,
    amountPence: request.amountPence,
    currency: env.BUSINESS_CURRENCY,
    holdExpiresAt: new Date(request.at + env.PAYMENT_HOLD_S * 1000),
  });
}

/** The payment a booking still waited for is no longer awaited (the booking was cancelled or released). */
export async function cancelAwaitedPayment(tx: DbOrTx, request: { bookingId: string }) {
  await cancelAwaitedBankDeposit(tx, request);
  await tx
    .update(onlinePayment)
    .set({ status: 'cancelled' })
    .where(and(eq(onlinePayment.bookingId, request.bookingId), eq(onlinePayment.status, 'awaiting')));
}

/** The payment rows of a booking that came from Stripe (the payment and its refunds): not to be paid back by hand. */
export async function onlineMoneyIdsOf(tx: DbOrTx, request: { bookingId: string }): Promise<Set<string>> {
  const rows = await tx
    .select({ paid: onlinePayment.paymentId, back: onlineRefund.paymentId })
    .from(onlinePayment)
    .leftJoin(onlineRefund, eq(onlineRefund.onlinePaymentId, onlinePayment.id))
    .where(eq(onlinePayment.bookingId, request.bookingId));
  return new Set(rows.flatMap((r) => [r.paid, r.back]).filter((x): x is string => Boolean(x)));
}

/**
 * An unpaid booking gives its time back (hold expired, payment failed or abandoned), in the caller's transaction:
 * its payment is no longer awaited, and what a gift voucher paid goes back onto it (the client never had this
 * booking). The booking's own change is booking-state's.
 */
export async function releaseUnpaidHold(deps: BookingTx, request: { row: BookingRow; reason: string }) {
  const { tx } = deps;
  const { row } = request;
  if (row.status !== 'awaiting_payment') return row;
  await cancelAwaitedPayment(tx, { bookingId: row.id });
  const voucherReturnedPence = await giveBackVoucherSpending(deps, { bookingRow: row, by: null });
  return releaseUnpaidBooking(deps, { ...request, details: { voucherReturnedPence } });
}

/**
 * The booking's payment intent, created once (Stripe's idempotency key is the booking's id) and retrieved after;
 * the client secret is never stored, only handed to the client who pays.
 */
export async function paymentIntentOf(
  deps: { db: DbOrTx; stripe: StripeAccount },
  request: { row: BookingRow; held: OnlinePaymentRow },
): Promise<Stripe.PaymentIntent> {
  const { db, stripe } = deps;
  const { row, held } = request;
  if (held.intentId) return stripe.sdk.paymentIntents.retrieve(held.intentId);
  assertStripeAllows(row);
  const intent = await createPageIntent(
    stripe,
    {
      amount: held.amountPence,
      currency: held.currency,
      metadata: { bookingId: row.id, purpose: held.purpose },
      // Neither the description (on the receipt) nor the statement names the treatment (decision 047).
      description: held.purpose === 'deposit' ? 'Deposit for your appointment' : 'Payment for your appointment',
    },
    intentKeyOf(row.id),
  );
  await db.update(onlinePayment).set({ intentId: intent.id }).where(eq(onlinePayment.id, held.id));
  return intent;
}

/** What the client is told of the payment; the secret only while it can still be paid. */
export function bookingPaymentOf(held: OnlinePaymentRow, request: { clientSecret: string | null }): BookingPayment {
  const { clientSecret } = request;
  return {
    kind: held.purpose,
    amountPence: held.amountPence,
    currency: held.currency,
    status: held.status,
    holdExpiresAt: held.holdExpiresAt.toISOString(),
    clientSecret: held.status === 'awaiting' ? clientSecret : null,
  };
}

export function paymentUnavailable(): AppError {
  return new AppError(
    'PAYMENT_UNAVAILABLE',
    'We could not start the payment just now, so the time was not kept. Please try again in a moment.',
  );
}

/**
 * Stripe says the money was taken: a payment row (card, online) and its posting to Stripe clearing against
 * Deposits held, in the caller's transaction. Recorded once per online payment.
 */
export async function recordOnlinePayment(
  tx: DbOrTx,
  request: {
    timeZone: string;
    row: BookingRow;
    held: OnlinePaymentRow;
    intent: { id: string; amount_received: number };
    at: number;
  },
) {
  const { timeZone, row, held, intent, at } = request;
  const amountPence = intent.amount_received || held.amountPence;
  const paid = await recordPayment(tx, {
    bookingId: row.id,
    clientId: row.clientId,
    kind: 'payment',
    amountPence,
    method: 'card',
    paidAt: new Date(at),
    note: `${held.purpose === 'deposit' ? 'Deposit' : 'Prepayment'} paid online (Stripe ${intent.id})`,
    recordedBy: null,
  });
  await postJournalEntry(tx, {
    draft: onlinePaymentEntry({
      paymentId: paid.id,
      date: localDateOf(at, timeZone),
      amountPence,
      description: `${held.purpose === 'deposit' ? 'Deposit' : 'Prepayment'} paid online for ${row.serviceName}`,
    }),
    createdBy: null,
  });
  const [updated] = await tx
    .update(onlinePayment)
    .set({ status: 'succeeded', paymentId: paid.id, settlement: 'held', amountPence })
    .where(eq(onlinePayment.id, held.id))
    .returning();
  return updated ?? held;
}

/**
 * What was held for a booking leaves Deposits held: to sales (with VAT) when the appointment took place, to other
 * income when it is kept (a no-show, a cancellation after the free window). Nothing held, nothing posted.
 */
export async function settleHeldPayment(
  tx: DbOrTx,
  request: { timeZone: string; row: BookingRow; outcome: 'recognised' | 'kept'; at: number; createdBy: string | null },
) {
  const { timeZone, row, outcome, at, createdBy } = request;
  await settleBankDeposit(tx, request);
  const held = await onlinePaymentOfBooking(tx, { bookingId: row.id, forUpdate: true });
  if (held?.settlement !== 'held') return;
  // A part already paid back is no longer held; a refund still on its way is posted against the outcome (053).
  const amountPence = await stillHeldOf(tx, held);
  if (amountPence <= 0) return;
  const date = localDateOf(at, timeZone);
  const draft =
    outcome === 'recognised'
      ? depositAppliedEntry({
          onlinePaymentId: held.id,
          date,
          amountPence,
          sale: { style: row.style, serviceType: row.type, vatRateBp: await salesVatRateBp(tx) },
          description: `${held.purpose === 'deposit' ? 'Deposit' : 'Prepayment'} applied to ${row.serviceName}`,
        })
      : depositKeptEntry({
          onlinePaymentId: held.id,
          date,
          amountPence,
          vatRateBp: await salesVatRateBp(tx),
          description: `Deposit kept for ${row.serviceName}`,
        });
  await postJournalEntry(tx, { draft, createdBy });
  await tx.update(onlinePayment).set({ settlement: outcome }).where(eq(onlinePayment.id, held.id));
}

/** A Stripe error that means "this intent is already paid", from a cancel that came too late. */
export function alreadySucceeded(stripe: StripeAccount, error: unknown): boolean {
  return (
    error instanceof stripe.sdk.errors.StripeInvalidRequestError &&
    error.code === 'payment_intent_unexpected_state' &&
    (error.raw as { payment_intent?: { status?: string } }).payment_intent?.status === 'succeeded'
  );
}
