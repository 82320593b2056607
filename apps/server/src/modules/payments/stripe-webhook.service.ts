import { AppError } from '@app/shared';
import { and, eq, lte, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { BookingDeps } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { booking, onlinePayment, stripeEvent } from '../../db/schema.ts';
import { localDateOf } from '../../lib/zoned-time.ts';
import { loadSlotRules } from '../availability/availability.service.ts';
import { type BookingTx, bookingPaid, lockDiary, now } from '../bookings/booking-state.ts';
import { settleCourseIntent } from '../courses/sell-courses.ts';
import type { FileStore } from '../storage/file-store.ts';
import { settleVoucherIntent } from '../vouchers/sell-vouchers.ts';
import { spendReturnedVouchersAgain } from '../vouchers/spend-vouchers.ts';
import { sendDueVoucherEmails } from '../vouchers/voucher-emails.ts';
import { cardSaved, noShowFeeFailed, recordNoShowFeeCharge } from './no-show-fee.ts';
import {
  alreadySucceeded,
  HOLD_RELEASE_REASON,
  type OnlinePaymentRow,
  recordOnlinePayment,
  releaseUnpaidHold,
} from './online-payments.ts';
import {
  applyStripeRefund,
  queueOnlineRefund,
  refundableOf,
  refundRequestOf,
  sendOnlineRefund,
} from './online-refunds.ts';

/**
 * POST /api/stripe/webhook: the signature over the exact bytes is checked first (a bad one changes nothing), then
 * the event is stored by its id and handled in the same transaction, so a repeat delivery is answered 200 and does
 * nothing (decision 047).
 */
export async function handleStripeWebhook(
  deps: BookingDeps & { files?: FileStore | null },
  request: { rawBody: unknown; signature: string | string[] | undefined },
) {
  const stripe = deps.stripe;
  if (!stripe) throw new AppError('NOT_FOUND', 'Online payment is not set up.');
  const { rawBody, signature } = request;
  if (!(Buffer.isBuffer(rawBody) || typeof rawBody === 'string') || typeof signature !== 'string')
    throw new AppError('BAD_SIGNATURE', 'This request does not carry a Stripe signature.');
  let event: Stripe.Event;
  try {
    event = stripe.sdk.webhooks.constructEvent(rawBody, signature, stripe.webhookSecret);
  } catch {
    throw new AppError('BAD_SIGNATURE', 'The Stripe signature of this request does not match.');
  }
  const outcome = await handleStripeEvent(deps, { event });
  if (outcome === 'voucher issued') {
    // A voucher due today leaves now rather than at the job's next run; if this fails, the job sends it.
    const voucherId = (event.data.object as { metadata?: Record<string, string> }).metadata?.voucherId;
    await sendDueVoucherEmails({ ...deps, files: deps.files ?? null }, { onlyId: voucherId }).catch(() => 0);
  }
  return { received: true, outcome };
}

export async function handleStripeEvent(deps: BookingDeps, request: { event: Stripe.Event }): Promise<string> {
  const { event } = request;
  // Refunds the handling asked for go to Stripe once it has committed (never from inside the transaction).
  const refunds: string[] = [];
  const outcome = await deps.db.transaction(async (tx) => {
    const object = event.data.object as { id?: string };
    const [fresh] = await tx
      .insert(stripeEvent)
      .values({ id: event.id, type: event.type, objectId: object.id ?? null })
      .onConflictDoNothing()
      .returning({ id: stripeEvent.id });
    if (!fresh) return 'already handled';
    const result = await dispatch({ ...deps, tx }, event, refunds);
    await tx.update(stripeEvent).set({ outcome: result }).where(eq(stripeEvent.id, event.id));
    return result;
  });
  for (const id of refunds) await sendOnlineRefund(deps, { refundId: id });
  return outcome;
}

async function dispatch(deps: BookingTx, event: Stripe.Event, refunds: string[]): Promise<string> {
  const { tx } = deps;
  const purpose = (event.data.object as { metadata?: Record<string, string> | null }).metadata?.purpose;
  if (purpose === 'no_show_fee') {
    // The fee charged to a saved card after a no-show; the charge's own answer may have recorded it already.
    if (event.type === 'payment_intent.succeeded')
      return recordNoShowFeeCharge(deps, { intent: event.data.object, createdBy: null });
    if (event.type === 'payment_intent.payment_failed') return noShowFeeFailed(tx, event.data.object);
    if (event.type === 'setup_intent.succeeded') return cardSaved(tx, event.data.object);
    return 'ignored';
  }
  switch (event.type) {
    case 'payment_intent.succeeded':
      // A gift voucher's payment issues the voucher; its email follows from the voucher job (decision 051).
      if (event.data.object.metadata?.purpose === 'voucher')
        return settleVoucherIntent(deps, { intent: event.data.object });
      // A course's payment makes the course active (decision 081).
      if (event.data.object.metadata?.purpose === 'course')
        return settleCourseIntent(deps, { intent: event.data.object });
      return settleSucceededIntent(deps, { intent: event.data.object, refunds });
    // Stripe's word on a refund that was pending (or failed later): handled once per event like the others.
    case 'refund.updated':
    case 'charge.refund.updated': {
      const request = await refundRequestOf(tx, event.data.object);
      return request
        ? applyStripeRefund(deps, { row: request, refund: event.data.object })
        : 'no refund request for this refund';
    }
    case 'payment_intent.payment_failed':
      // Stripe sends this for each declined attempt; the client may try another card on the same intent while the
      // time is held, and the hold's sweep frees it if they never pay (decision 050).
      return 'declined: the client may try again while the time is held';
    case 'payment_intent.canceled':
      return releaseForIntent(deps, event.data.object);
    default:
      return 'ignored';
  }
}

/** The online payment of an intent, locked: by the id kept, else by the booking named in its metadata. */
async function heldFor(tx: DbOrTx, intent: Pick<Stripe.PaymentIntent, 'id' | 'metadata'>) {
  const [byIntent] = await tx.select().from(onlinePayment).where(eq(onlinePayment.intentId, intent.id)).for('update');
  if (byIntent) return byIntent;
  const bookingId = intent.metadata?.bookingId;
  if (!bookingId || !/^[0-9a-f-]{36}$/i.test(bookingId)) return undefined;
  const [byBooking] = await tx
    .select()
    .from(onlinePayment)
    .where(and(eq(onlinePayment.bookingId, bookingId), sql`${onlinePayment.intentId} is null`))
    .for('update');
  return byBooking;
}

async function lockedBooking(tx: DbOrTx, held: OnlinePaymentRow) {
  if (!held.bookingId) return undefined;
  const [row] = await tx.select().from(booking).where(eq(booking.id, held.bookingId)).for('update');
  return row;
}

/**
 * The money was taken. It is recorded whatever became of the booking; an awaiting booking is then booked. One whose
 * hold had already been released is booked again if its time is still free and ahead, else paid back through
 * Stripe (decision 047).
 */
export async function settleSucceededIntent(
  deps: BookingTx,
  request: { intent: Pick<Stripe.PaymentIntent, 'id' | 'metadata' | 'amount_received'>; refunds: string[] },
): Promise<string> {
  const { tx } = deps;
  const { intent, refunds } = request;
  await lockDiary(tx);
  const held = await heldFor(tx, intent);
  if (!held) return 'no booking for this payment';
  if (held.status === 'succeeded') return 'already recorded';
  const row = await lockedBooking(tx, held);
  if (!row) return 'no booking for this payment';
  const at = now(deps);
  const timeZone = deps.env.BUSINESS_TIME_ZONE;
  const recorded = await recordOnlinePayment(tx, { timeZone, row, held: { ...held, intentId: intent.id }, intent, at });
  if (held.intentId !== intent.id)
    await tx.update(onlinePayment).set({ intentId: intent.id }).where(eq(onlinePayment.id, held.id));
  if (row.status === 'awaiting_payment') {
    await bookingPaid(deps, { row, details: { intentId: intent.id } });
    return 'booked';
  }
  const released = row.status === 'cancelled' && (held.status === 'cancelled' || held.status === 'failed');
  if (!released) return 'recorded';
  // A client who cancelled while paying meant it: their money goes back rather than the booking coming back.
  const byClient = row.cancelledBy === 'client';
  const timeFree = !byClient && (await timeStillFree(tx, timeZone, row, at));
  // What a gift voucher paid was given back at the release: booked again only if it can be spent again.
  const vouchersCover = timeFree && (await spendReturnedVouchersAgain(deps, { bookingRow: row }));
  if (vouchersCover) {
    await bookingPaid(deps, { row, details: { intentId: intent.id, afterRelease: true } });
    return 'booked after its hold had ended';
  }
  const owed = { ...recorded, intentId: intent.id };
  const reason = byClient
    ? 'Paid after the client cancelled'
    : timeFree
      ? 'Paid after the gift voucher it used was spent elsewhere'
      : 'Paid after the time was given to someone else';
  const amountPence = await refundableOf(tx, owed);
  refunds.push((await queueOnlineRefund(tx, { held: owed, amountPence, reason, requestedBy: null })).id);
  if (byClient) return 'paid back: the client had cancelled';
  return timeFree ? 'paid back: the voucher had been spent' : 'paid back: the time had been taken';
}

async function timeStillFree(tx: DbOrTx, timeZone: string, row: typeof booking.$inferSelect, at: number) {
  const start = row.startsAt.getTime();
  if (start <= at) return false;
  const date = localDateOf(start, timeZone);
  const { busy } = await loadSlotRules(tx, { timeZone, from: date, to: date, excludeBookingId: row.id });
  const end = row.occupiedUntil.getTime();
  return !busy.some((b) => b.start < end && b.end > start);
}

/** A cancelled payment frees the time. */
async function releaseForIntent(
  deps: BookingTx,
  intent: Pick<Stripe.PaymentIntent, 'id' | 'metadata'>,
): Promise<string> {
  const { tx } = deps;
  const held = await heldFor(tx, intent);
  if (held?.status !== 'awaiting') return 'nothing awaited';
  const row = await lockedBooking(tx, held);
  if (row) await releaseUnpaidHold(deps, { row, reason: 'The payment was cancelled.' });
  await tx.update(onlinePayment).set({ status: 'cancelled', intentId: intent.id }).where(eq(onlinePayment.id, held.id));
  return 'released';
}

/**
 * The job's sweep (every PAYMENT_HOLD_SWEEP_S, a minute by default): each booking still awaiting payment after its
 * hold is released. Its intent is cancelled at Stripe first; one Stripe says is already paid is settled as paid
 * instead (its webhook then finds it done).
 */
export async function releaseExpiredHolds(deps: BookingDeps): Promise<number> {
  const at = now(deps);
  const due = await deps.db
    .select({ held: onlinePayment })
    .from(onlinePayment)
    .innerJoin(booking, eq(booking.id, onlinePayment.bookingId))
    .where(
      and(
        eq(onlinePayment.status, 'awaiting'),
        lte(onlinePayment.holdExpiresAt, new Date(at)),
        eq(booking.status, 'awaiting_payment'),
      ),
    );
  let released = 0;
  for (const { held } of due) {
    if (held.intentId && deps.stripe) {
      try {
        await deps.stripe.sdk.paymentIntents.cancel(held.intentId, { cancellation_reason: 'abandoned' });
      } catch (error) {
        if (alreadySucceeded(deps.stripe, error)) {
          const intent = await deps.stripe.sdk.paymentIntents.retrieve(held.intentId);
          const refunds: string[] = [];
          await deps.db.transaction((tx) => settleSucceededIntent({ ...deps, tx }, { intent, refunds }));
          for (const id of refunds) await sendOnlineRefund(deps, { refundId: id });
          continue;
        }
        // Stripe unreachable: the time is released all the same; a payment that still succeeds is settled then.
      }
    }
    const done = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(booking)
        .where(eq(booking.id, held.bookingId ?? ''))
        .for('update');
      const [still] = await tx.select().from(onlinePayment).where(eq(onlinePayment.id, held.id)).for('update');
      if (row?.status !== 'awaiting_payment' || still?.status !== 'awaiting') return false;
      await releaseUnpaidHold({ ...deps, tx }, { row, reason: HOLD_RELEASE_REASON });
      return true;
    });
    if (done) released++;
  }
  return released;
}
