import {
  adminCancelBookingInput,
  cancelBookingInput,
  cancellationMoneyText,
  cancellationVoucherText,
} from '@app/shared';
import { asc, eq } from 'drizzle-orm';
import type { BookingDeps } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { payment } from '../../db/schema.ts';
import { parseInput } from '../../lib/validation.ts';
import { type Actor, type RowInputRequest, requireRole, requireSignedIn } from '../auth/actor.ts';
import { getBookingRules } from '../availability/availability.service.ts';
import { giveBackCourseSession } from '../courses/course-sessions.ts';
import { bankDepositMoneyIdsOf, refundHeldBankDeposit } from '../payments/bank-transfer-deposits.ts';
import {
  cancelAwaitedPayment,
  onlineMoneyIdsOf,
  onlinePaymentOfBooking,
  settleHeldPayment,
} from '../payments/online-payments.ts';
import { queueOnlineRefund, sendOnlineRefund } from '../payments/online-refunds.ts';
import { recordBookingRefund } from '../payments/payments.service.ts';
import { giveBackVoucherSpending } from '../vouchers/spend-vouchers.ts';
import { getAdminBooking } from './admin-bookings.service.ts';
import {
  assertClientMayChange,
  auditIfAdmin,
  type BookingRow,
  markCancelled,
  now,
  ownBooking,
  queueEmail,
  recordEvent,
} from './booking-state.ts';
import { cancellationMoneyOf, cancellationVoucherOf } from './cancellation-terms.ts';
import { toClientBooking } from './client-bookings.ts';

type CancelOptions = { reason: string; notify: boolean; refund: boolean };

/** Money taken by hand goes back by hand, in the cancelling's transaction; what was paid online goes through Stripe. */
async function refundPaidByHand(
  deps: Pick<BookingDeps, 'env'> & { tx: DbOrTx },
  request: { actor: Actor; row: BookingRow },
): Promise<number> {
  const { tx } = deps;
  const { actor, row } = request;
  // A deposit by bank transfer is settled by the cancellation terms (cancellationMoneyOf), never as a sale paid back.
  const online = new Set([
    ...(await onlineMoneyIdsOf(tx, { bookingId: row.id })),
    ...(await bankDepositMoneyIdsOf(tx, { bookingId: row.id })),
  ]);
  const paid = (
    await tx
      .select({ id: payment.id, kind: payment.kind, amountPence: payment.amountPence, method: payment.method })
      .from(payment)
      .where(eq(payment.bookingId, row.id))
      .orderBy(asc(payment.paidAt))
  ).filter((p) => !online.has(p.id));
  const net = paid.reduce((sum, p) => sum + (p.kind === 'refund' ? -p.amountPence : p.amountPence), 0);
  const method = paid.findLast((p) => p.kind === 'payment')?.method;
  if (net <= 0 || !method) return 0;
  await recordBookingRefund(
    { db: tx, env: deps.env },
    { actor, bookingId: row.id, input: { amountPence: net, method, note: 'Paid back on cancelling' } },
  );
  return net;
}

/** Cancels under the row lock; emails the client when asked and pays back what they paid when asked. */
async function cancelRow(deps: BookingDeps, actor: Actor, id: string, options: CancelOptions) {
  const { db, env } = deps;
  const result = await db.transaction(async (tx) => {
    const row = await ownBooking(tx, { actor, id, forUpdate: true });
    const rules = await getBookingRules(tx, { timeZone: env.BUSINESS_TIME_ZONE });
    const at = now(deps);
    assertClientMayChange(env, { actor, row, cutoffHours: rules.cancellationCutoffHours, at });
    const by = actor.role === 'admin' ? 'business' : 'client';
    const { reason } = options;
    const updated = await markCancelled(tx, { row, by, at, reason: reason || null });
    // Money taken online: kept after the free cancellation window, paid back through Stripe inside it (or when the
    // owner chooses to). The refund is written here and asked of Stripe once this commits (decision 053).
    const terms = { row, at, by, refund: options.refund } as const;
    const money = await cancellationMoneyOf(tx, terms);
    const voucherOutcome = await cancellationVoucherOf(tx, terms);
    const voucherReturnedPence =
      voucherOutcome?.outcome === 'returned'
        ? await giveBackVoucherSpending({ ...deps, tx }, { bookingRow: updated, by: actor.id })
        : 0;
    // A session of a course that paid for it goes back onto the course by the same terms (decision 081).
    await giveBackCourseSession(
      { ...deps, tx },
      { bookingRow: updated, at, by, actorId: actor.id, refund: options.refund },
    );
    const refundIds: string[] = [];
    if (money?.outcome === 'kept')
      await settleHeldPayment(tx, {
        timeZone: env.BUSINESS_TIME_ZONE,
        row: updated,
        outcome: 'kept',
        at,
        createdBy: null,
      });
    if (money?.outcome === 'refunded' && money.paidBy === 'bank_transfer')
      await refundHeldBankDeposit(tx, { timeZone: env.BUSINESS_TIME_ZONE, row: updated, at, by: actor.id });
    else if (money?.outcome === 'refunded') {
      const held = await onlinePaymentOfBooking(tx, { bookingId: row.id, forUpdate: true });
      if (held) {
        const asked = { held, amountPence: money.amountPence, reason: reason || 'Booking cancelled' };
        refundIds.push((await queueOnlineRefund(tx, { ...asked, requestedBy: actor.id })).id);
      }
    }
    const refundedPence = options.refund ? await refundPaidByHand({ ...deps, tx }, { actor, row }) : 0;
    const notified = options.notify && Boolean(updated.clientEmail);
    await recordEvent(tx, {
      row,
      actor,
      action: 'cancelled',
      from: row.status,
      to: 'cancelled',
      details: {
        by,
        reason,
        notified,
        refundedPence,
        onlineRefundPence: money?.outcome === 'refunded' ? money.amountPence : 0,
        voucherReturnedPence,
      },
    });
    await auditIfAdmin(tx, { actor, action: 'booking.cancelled', id: row.id, before: row, after: updated });
    if (notified)
      await queueEmail(
        { ...deps, tx },
        {
          kind: 'booking.cancelled',
          booking: updated,
          rules,
          reason,
          money: [cancellationMoneyText(money), cancellationVoucherText(voucherOutcome)].filter(Boolean).join(' '),
        },
      );
    return { row: updated, rules, at, notified, refundedPence, money, voucherOutcome, voucherReturnedPence, refundIds };
  });
  for (const refundId of result.refundIds) await sendOnlineRefund(deps, { refundId });
  return result;
}

/**
 * A client gives up a booking still awaiting payment: its intent is cancelled at Stripe first, then the time is
 * released. If Stripe cannot be reached or says it was paid meanwhile, the booking is cancelled all the same and
 * the payment's webhook pays the money back (the booking stays cancelled because the client cancelled it).
 */
async function cancelAwaitingPayment(deps: BookingDeps, actor: Actor, row: BookingRow, reason: string) {
  const held = await onlinePaymentOfBooking(deps.db, { bookingId: row.id });
  if (held?.intentId && deps.stripe) {
    try {
      await deps.stripe.sdk.paymentIntents.cancel(held.intentId, { cancellation_reason: 'requested_by_customer' });
    } catch (error) {
      deps.logger?.warn(
        { bookingId: row.id, stripeError: (error as Error).message },
        'Stripe did not cancel the payment of a booking the client cancelled; a late payment is paid back',
      );
    }
  }
  return deps.db.transaction(async (tx) => {
    const locked = await ownBooking(tx, { actor, id: row.id, forUpdate: true });
    if (locked.status !== 'awaiting_payment') return null;
    const at = now(deps);
    const updated = await markCancelled(tx, { row: locked, by: 'client', at, reason: reason || null });
    await cancelAwaitedPayment(tx, { bookingId: locked.id });
    const voucherReturnedPence = await giveBackVoucherSpending({ ...deps, tx }, { bookingRow: updated, by: actor.id });
    await recordEvent(tx, {
      row: locked,
      actor,
      action: 'cancelled',
      from: 'awaiting_payment',
      to: 'cancelled',
      details: { by: 'client', reason, notified: false, refundedPence: 0, voucherReturnedPence },
    });
    return { row: updated, rules: await getBookingRules(tx, { timeZone: deps.env.BUSINESS_TIME_ZONE }), at };
  });
}

export async function cancelBooking(deps: BookingDeps, request: RowInputRequest) {
  const actor = requireSignedIn(request.actor);
  const { reason } = parseInput(cancelBookingInput, request.input ?? {});
  const current = await ownBooking(deps.db, { actor, id: request.id });
  if (current.status === 'awaiting_payment') {
    const released = await cancelAwaitingPayment(deps, actor, current, reason);
    if (released) return toClientBooking(released.row, { rules: released.rules, at: released.at });
  }
  const result = await cancelRow(deps, actor, request.id, { reason, notify: true, refund: false });
  // The answer says what became of the money and the voucher, for the page's confirmation.
  return toClientBooking(result.row, {
    rules: result.rules,
    at: result.at,
    money: { cancellationMoney: result.money, cancellationVoucher: result.voucherOutcome },
  });
}

/**
 * The owner cancels: emailing the client and paying back are the owner's choice. Answered with the booking sheet as it
 * now is, whether the client was emailed (the web offers Undo only then) and what went back.
 */
export async function adminCancelBooking(deps: BookingDeps, request: RowInputRequest) {
  const actor = requireRole(request.actor, 'admin');
  const input = parseInput(adminCancelBookingInput, request.input ?? {});
  const result = await cancelRow(deps, actor, request.id, {
    reason: input.reason,
    notify: input.notifyClient,
    refund: input.refund,
  });
  return {
    ...(await getAdminBooking(deps.db, { actor, id: request.id })),
    notified: result.notified,
    refundedPence: result.refundedPence,
    onlineRefundPence: result.money?.outcome === 'refunded' ? result.money.amountPence : 0,
    voucherReturnedPence: result.voucherReturnedPence,
  };
}
