import {
  AppError,
  type BookingCardSetup,
  NO_SHOW_CONSENT_VERSION,
  type NoShowFeeState,
  noShowFeeDue,
} from '@app/shared';
import { and, eq, isNotNull } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { BookingDeps } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { booking, noShowFee } from '../../db/schema.ts';
import { localDateOf } from '../../lib/zoned-time.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type RowRequest, requireRole } from '../auth/actor.ts';
import { postJournalEntry, salesVatRateBp } from '../ledger/ledger.service.ts';
import { noShowFeeEntry } from '../ledger/postings.ts';
import { assertStripeAllows, minimumChargeOf, paymentUnavailable } from './online-payments.ts';
import { readPaymentPolicy } from './payment-policy.service.ts';
import { recordPayment } from './payments.service.ts';
import { statementSuffixOf } from './stripe-client.ts';

type BookingRow = typeof booking.$inferSelect;
type NoShowFeeRow = typeof noShowFee.$inferSelect;

/** Neither the receipt nor the card statement names the treatment (decision 054). */
export const NO_SHOW_FEE_DESCRIPTION = 'Fee for a missed appointment';

/** What the policy charges if this booking's client does not come; 0 without Stripe or without a fee. */
export async function noShowFeeFor(
  deps: Pick<BookingDeps, 'stripe' | 'env'> & { tx: DbOrTx },
  booked: { style: 'therapeutic' | 'sensual'; pricePence: number },
): Promise<number> {
  if (!deps.stripe) return 0;
  return noShowFeeDue(await readPaymentPolicy(deps.tx), booked, minimumChargeOf(deps.env.BUSINESS_CURRENCY));
}

/**
 * The client's consent, kept with the booking in its own transaction: when, how much and which wording. A booking
 * under a no-show fee without the box ticked is refused: a card is never saved without it.
 */
export async function recordNoShowConsent(
  tx: DbOrTx,
  request: { currency: string; row: BookingRow; feePence: number; consented: boolean; at: number },
) {
  const { row, feePence, at } = request;
  assertStripeAllows(row);
  if (!request.consented)
    throw new AppError(
      'VALIDATION',
      'noShowFeeConsent: This booking needs your agreement to the no-show fee, and a card saved for it.',
    );
  await tx.insert(noShowFee).values({
    bookingId: row.id,
    amountPence: feePence,
    currency: request.currency,
    consentedAt: new Date(at),
    consentVersion: NO_SHOW_CONSENT_VERSION,
  });
}

async function feeOfBooking(tx: DbOrTx, bookingId: string, forUpdate = false) {
  const query = tx.select().from(noShowFee).where(eq(noShowFee.bookingId, bookingId));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/**
 * The card setup of a booking as its client sees it. While the card is still to be saved, the Stripe Customer (one
 * per client, reused) and the SetupIntent are made after the booking's commit (no network call under the diary
 * lock), each once whatever the retries (idempotency keys), and the SetupIntent's secret handed to the client.
 */
export async function cardSetupForClient(
  deps: BookingDeps,
  request: { row: BookingRow },
): Promise<BookingCardSetup | null> {
  const { row } = request;
  const fee = await feeOfBooking(deps.db, row.id);
  if (!fee) return null;
  // A sensual booking's card is never saved with Stripe (decision 065), even under a fee recorded before.
  if (fee.status !== 'awaiting_card' || !deps.stripe || row.style === 'sensual')
    return { feePence: fee.amountPence, status: fee.status, clientSecret: null };
  const stripe = deps.stripe;
  try {
    const setup = fee.setupIntentId
      ? await stripe.sdk.setupIntents.retrieve(fee.setupIntentId)
      : await stripe.sdk.setupIntents.create(
          {
            customer: fee.customerId ?? (await customerOf(deps, row)),
            usage: 'off_session',
            automatic_payment_methods: { enabled: true },
            description: NO_SHOW_FEE_DESCRIPTION,
            metadata: { bookingId: row.id, purpose: 'no_show_fee' },
          },
          { idempotencyKey: `no-show-setup-${row.id}` },
        );
    if (!fee.setupIntentId)
      await deps.db
        .update(noShowFee)
        .set({ setupIntentId: setup.id, customerId: String(setup.customer) })
        .where(eq(noShowFee.id, fee.id));
    return { feePence: fee.amountPence, status: fee.status, clientSecret: setup.client_secret };
  } catch (error) {
    throw Object.assign(paymentUnavailable(), { cause: error });
  }
}

/** The client's Stripe Customer: the one an earlier booking of theirs made, else a new one (once per client). */
async function customerOf(deps: BookingDeps, row: BookingRow): Promise<string> {
  const stripe = deps.stripe;
  if (!stripe) throw paymentUnavailable();
  if (row.clientId) {
    const [earlier] = await deps.db
      .select({ customerId: noShowFee.customerId })
      .from(noShowFee)
      .innerJoin(booking, eq(booking.id, noShowFee.bookingId))
      .where(and(eq(booking.clientId, row.clientId), isNotNull(noShowFee.customerId)))
      .limit(1);
    if (earlier?.customerId) return earlier.customerId;
  }
  const customer = await stripe.sdk.customers.create(
    { email: row.clientEmail ?? undefined, metadata: { clientId: row.clientId ?? '' } },
    { idempotencyKey: `customer-${row.clientId ?? row.id}` },
  );
  return customer.id;
}

/** `setup_intent.succeeded` (verified webhook): the card is saved; only its payment method's id is kept. */
export async function cardSaved(
  tx: DbOrTx,
  setup: Pick<Stripe.SetupIntent, 'id' | 'payment_method' | 'metadata'>,
): Promise<string> {
  const [fee] = await tx.select().from(noShowFee).where(eq(noShowFee.setupIntentId, setup.id)).for('update');
  if (!fee) return 'no booking for this card';
  if (fee.status !== 'awaiting_card') return 'already saved';
  const methodId = typeof setup.payment_method === 'string' ? setup.payment_method : setup.payment_method?.id;
  if (!methodId) return 'no card in this event';
  await tx.update(noShowFee).set({ paymentMethodId: methodId, status: 'card_saved' }).where(eq(noShowFee.id, fee.id));
  return 'card saved';
}

/**
 * The fee was taken (the charge's own answer, or `payment_intent.succeeded`, whichever comes first): a card payment
 * and its posting, once per fee, in the caller's transaction.
 */
export async function recordNoShowFeeCharge(
  deps: Pick<BookingDeps, 'env' | 'now'> & { tx: DbOrTx },
  request: { intent: Pick<Stripe.PaymentIntent, 'id' | 'amount_received' | 'metadata'>; createdBy: string | null },
): Promise<string> {
  const { tx } = deps;
  const { intent, createdBy } = request;
  const bookingId = intent.metadata?.bookingId ?? '';
  if (!/^[0-9a-f-]{36}$/i.test(bookingId)) return 'no booking for this fee';
  const fee = await feeOfBooking(tx, bookingId, true);
  if (!fee) return 'no booking for this fee';
  if (fee.status === 'charged') return 'already recorded';
  const [row] = await tx.select().from(booking).where(eq(booking.id, bookingId));
  if (!row) return 'no booking for this fee';
  const at = deps.now?.() ?? Date.now();
  const amountPence = intent.amount_received || fee.amountPence;
  const paid = await recordPayment(tx, {
    bookingId,
    clientId: row.clientId,
    kind: 'payment',
    amountPence,
    method: 'card',
    paidAt: new Date(at),
    note: `No-show fee charged to the saved card (Stripe ${intent.id})`,
    recordedBy: createdBy,
  });
  await postJournalEntry(tx, {
    draft: noShowFeeEntry({
      paymentId: paid.id,
      date: localDateOf(at, deps.env.BUSINESS_TIME_ZONE),
      amountPence,
      vatRateBp: await salesVatRateBp(tx),
      description: `No-show fee for ${row.serviceName}`,
    }),
    createdBy,
  });
  await tx
    .update(noShowFee)
    .set({ status: 'charged', intentId: intent.id, paymentId: paid.id, failureMessage: null })
    .where(eq(noShowFee.id, fee.id));
  return 'no-show fee recorded';
}

/** `payment_intent.payment_failed` of a fee: shown as failed with Stripe's reason, unless already taken. */
export async function noShowFeeFailed(
  tx: DbOrTx,
  intent: Pick<Stripe.PaymentIntent, 'id' | 'metadata' | 'last_payment_error'>,
): Promise<string> {
  const fee = await feeOfBooking(tx, intent.metadata?.bookingId ?? '', true).catch(() => undefined);
  if (!fee) return 'no booking for this fee';
  if (fee.status === 'charged') return 'already recorded';
  await tx
    .update(noShowFee)
    .set({
      status: 'failed',
      intentId: intent.id || fee.intentId,
      failureMessage: intent.last_payment_error?.message ?? 'The card was declined.',
    })
    .where(eq(noShowFee.id, fee.id));
  return 'no-show fee declined';
}

export function toNoShowFeeState(fee: NoShowFeeRow): NoShowFeeState {
  return {
    feePence: fee.amountPence,
    status: fee.status,
    failureMessage: fee.failureMessage,
    consentedAt: fee.consentedAt.toISOString(),
  };
}

export async function noShowFeeStateOf(db: DbOrTx, request: { bookingId: string }): Promise<NoShowFeeState | null> {
  const fee = await feeOfBooking(db, request.bookingId);
  return fee ? toNoShowFeeState(fee) : null;
}

/**
 * POST /api/admin/bookings/:id/no-show-fee: after a no-show, the fee the client agreed to is charged to the card
 * they saved, off-session, once (Stripe's idempotency key is the booking's). Recorded when Stripe answers that it
 * succeeded; a decline (or a bank asking for authentication) is kept and shown with Stripe's message.
 */
export async function chargeNoShowFee(deps: BookingDeps, request: RowRequest): Promise<NoShowFeeState> {
  const actor = requireRole(request.actor, 'admin');
  const stripe = deps.stripe;
  if (!/^[0-9a-f-]{36}$/i.test(request.id)) throw new AppError('NOT_FOUND', 'No such booking.');
  const [row] = await deps.db.select().from(booking).where(eq(booking.id, request.id));
  if (!row) throw new AppError('NOT_FOUND', 'No such booking.');
  const fee = await feeOfBooking(deps.db, row.id);
  if (!fee) throw new AppError('CONFLICT', 'This booking has no no-show fee.');
  assertStripeAllows(row);
  if (row.status !== 'no_show') throw new AppError('CONFLICT', 'Mark the booking as a no-show first.');
  if (fee.status === 'charged') return toNoShowFeeState(fee);
  if (!fee.paymentMethodId || !fee.customerId)
    throw new AppError('CONFLICT', 'The client did not save a card, so the fee cannot be charged.');
  if (!stripe) throw paymentUnavailable();
  let intent: Stripe.PaymentIntent;
  try {
    intent = await stripe.sdk.paymentIntents.create(
      {
        amount: fee.amountPence,
        currency: fee.currency.toLowerCase(),
        customer: fee.customerId,
        payment_method: fee.paymentMethodId,
        off_session: true,
        confirm: true,
        description: NO_SHOW_FEE_DESCRIPTION,
        metadata: { bookingId: row.id, purpose: 'no_show_fee' },
        ...statementSuffixOf(stripe),
      },
      { idempotencyKey: `no-show-fee-${row.id}` },
    );
  } catch (error) {
    if (!(error instanceof stripe.sdk.errors.StripeCardError))
      throw Object.assign(paymentUnavailable(), { cause: error });
    const failed = (error.raw as { payment_intent?: Stripe.PaymentIntent }).payment_intent;
    await deps.db.transaction(async (tx) => {
      await noShowFeeFailed(tx, {
        id: failed?.id ?? '',
        metadata: { bookingId: row.id },
        last_payment_error: { message: error.message } as Stripe.PaymentIntent.LastPaymentError,
      });
      await recordAudit(tx, {
        actor,
        action: 'booking.no_show_fee_declined',
        entityType: 'booking',
        entityId: row.id,
        before: null,
        after: {
          amountPence: fee.amountPence,
          message: error.message,
        },
      });
    });
    return (await noShowFeeStateOf(deps.db, { bookingId: row.id })) ?? toNoShowFeeState(fee);
  }
  await deps.db.transaction(async (tx) => {
    if (intent.status === 'succeeded') await recordNoShowFeeCharge({ ...deps, tx }, { intent, createdBy: actor.id });
    await recordAudit(tx, {
      actor,
      action: 'booking.no_show_fee',
      entityType: 'booking',
      entityId: row.id,
      before: null,
      after: {
        amountPence: fee.amountPence,
        status: intent.status,
      },
    });
  });
  return (await noShowFeeStateOf(deps.db, { bookingId: row.id })) ?? toNoShowFeeState(fee);
}
