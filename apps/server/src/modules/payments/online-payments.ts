import { AppError, type BookingPayment } from '@app/shared';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { DbOrTx } from '../../db/client.ts';
import { type booking, onlinePayment, payment } from '../../db/schema.ts';
import { localDateOf } from '../../lib/zoned-time.ts';
import { postJournalEntry, salesVatRateBp } from '../ledger/ledger.service.ts';
import { depositAppliedEntry, depositKeptEntry, onlinePaymentEntry } from '../ledger/postings.ts';
import { stillHeldOf } from './online-refunds.ts';
import type { StripeAccount } from './stripe-client.ts';

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

export async function onlinePaymentOfBooking(tx: DbOrTx, bookingId: string, forUpdate = false) {
  const query = tx.select().from(onlinePayment).where(eq(onlinePayment.bookingId, bookingId));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/**
 * The booking's payment intent, created once (Stripe's idempotency key is the booking's id) and retrieved after;
 * the client secret is never stored, only handed to the client who pays.
 */
export async function paymentIntentOf(
  db: DbOrTx,
  stripe: StripeAccount,
  row: BookingRow,
  held: OnlinePaymentRow,
): Promise<Stripe.PaymentIntent> {
  if (held.intentId) return stripe.sdk.paymentIntents.retrieve(held.intentId);
  const intent = await stripe.sdk.paymentIntents.create(
    {
      amount: held.amountPence,
      currency: held.currency.toLowerCase(),
      automatic_payment_methods: { enabled: true },
      metadata: { bookingId: row.id, purpose: held.purpose },
      // Neither the description (on the receipt) nor the statement names the treatment (issue 13).
      description: held.purpose === 'deposit' ? 'Deposit for your appointment' : 'Payment for your appointment',
      ...(stripe.statementDescriptorSuffix && { statement_descriptor_suffix: stripe.statementDescriptorSuffix }),
    },
    { idempotencyKey: intentKeyOf(row.id) },
  );
  await db.update(onlinePayment).set({ intentId: intent.id }).where(eq(onlinePayment.id, held.id));
  return intent;
}

/** What the client is told of the payment; the secret only while it can still be paid. */
export function bookingPaymentOf(held: OnlinePaymentRow, clientSecret: string | null): BookingPayment {
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
  timeZone: string,
  row: BookingRow,
  held: OnlinePaymentRow,
  intent: { id: string; amount_received: number },
  at: number,
) {
  const amountPence = intent.amount_received || held.amountPence;
  const [paid] = await tx
    .insert(payment)
    .values({
      bookingId: row.id,
      clientId: row.clientId,
      kind: 'payment',
      amountPence,
      method: 'card',
      paidAt: new Date(at),
      note: `${held.purpose === 'deposit' ? 'Deposit' : 'Prepayment'} paid online (Stripe ${intent.id})`,
      recordedBy: null,
    })
    .returning();
  if (!paid) throw new Error('payment insert returned no row');
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
  timeZone: string,
  row: BookingRow,
  outcome: 'recognised' | 'kept',
  at: number,
  createdBy: string | null,
) {
  const held = await onlinePaymentOfBooking(tx, row.id, true);
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
export function alreadySucceeded(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeInvalidRequestError &&
    error.code === 'payment_intent_unexpected_state' &&
    (error.raw as { payment_intent?: { status?: string } }).payment_intent?.status === 'succeeded'
  );
}
