import { AppError, type OnlineRefundView, requestOnlineRefundInput } from '@app/shared';
import { and, asc, eq, inArray, lte, ne, or, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import type { Db, DbOrTx } from '../../db/client.ts';
import { booking, invoice, onlinePayment, onlineRefund } from '../../db/schema.ts';
import { parseInput } from '../../lib/validation.ts';
import { localDateOf } from '../../lib/zoned-time.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type Actor, requireRole } from '../auth/actor.ts';
import { postJournalEntry, salesVatRateBp } from '../ledger/ledger.service.ts';
import { keptDepositRefundEntry, onlineRefundEntry, onlineSaleRefundEntry } from '../ledger/postings.ts';
import { type OnlinePaymentRow, stillHeldOf } from './online-payments.ts';
import { recordPayment } from './payments.service.ts';
import type { StripeAccount } from './stripe-client.ts';

/** What the refund steps need; the app's context has all of it. */
export type RefundDeps = {
  db: Db;
  env: { BUSINESS_TIME_ZONE: string };
  stripe?: StripeAccount | null;
  logger?: Logger;
  now?: () => number;
};
/** A refund step inside the caller's transaction: the transaction, with the app's time zone and clock. */
export type RefundTx = Pick<RefundDeps, 'env' | 'now'> & { tx: DbOrTx };
type RefundRow = typeof onlineRefund.$inferSelect;

/** After this many failed calls the refund is shown as failed and the owner decides (it is never recorded). */
export const MAX_REFUND_ATTEMPTS = 10;

/** Stripe's idempotency key of one refund request: a retry asks for the same refund, never a second one. */
export const refundKeyOf = (refundId: string) => `online-refund-${refundId}`;

/** What is left to pay back of an online payment: its amount less every refund asked that has not failed. */
export async function refundableOf(tx: DbOrTx, held: OnlinePaymentRow): Promise<number> {
  if (held.status !== 'succeeded' || held.settlement === 'refunded') return 0;
  const [asked] = await tx
    .select({ total: sql<number>`coalesce(sum(${onlineRefund.amountPence}), 0)`.mapWith(Number) })
    .from(onlineRefund)
    .where(and(eq(onlineRefund.onlinePaymentId, held.id), ne(onlineRefund.status, 'failed')));
  return held.amountPence - (asked?.total ?? 0);
}

/**
 * Invoicing a booking whose money paid online is still held (or part paid back) is refused: issuing applies the
 * booking's payments to the invoice by undoing their sale, and held money never was a sale (decision 053).
 */
export async function assertOnlineMoneyInvoiceable(tx: DbOrTx, request: { bookingId: string }) {
  const { bookingId } = request;
  const [held] = await tx.select().from(onlinePayment).where(eq(onlinePayment.bookingId, bookingId));
  if (held?.status !== 'succeeded') return;
  if (held.settlement === 'held')
    throw new AppError(
      'CONFLICT',
      `The ${pounds(held.amountPence)} ${held.purpose} paid online is still held until the appointment: mark the booking completed first (it then becomes the sale), or refund it.`,
    );
  const [refunded] = await tx
    .select({ id: onlineRefund.id })
    .from(onlineRefund)
    .where(and(eq(onlineRefund.onlinePaymentId, held.id), ne(onlineRefund.status, 'failed')));
  if (refunded)
    throw new AppError('CONFLICT', 'Part of the payment made online was refunded: this booking cannot be invoiced.');
}

/** Writes the request, inside the caller's transaction; Stripe is asked after the commit (`sendOnlineRefund`). */
export async function queueOnlineRefund(
  tx: DbOrTx,
  request: { held: OnlinePaymentRow; amountPence: number; reason: string; requestedBy: string | null },
): Promise<RefundRow> {
  const { held, amountPence, reason, requestedBy } = request;
  const [row] = await tx
    .insert(onlineRefund)
    .values({ onlinePaymentId: held.id, bookingId: held.bookingId, amountPence, reason, requestedBy })
    .returning();
  if (!row) throw new Error('refund insert returned no row');
  return row;
}

/**
 * The owner pays back part or all of an online payment (POST /api/admin/bookings/:id/online-refunds). The request
 * is written first; Stripe's answer then records it, marks it pending (its webhook records it later) or failed.
 */
export async function requestOnlineRefund(
  deps: RefundDeps,
  request: { actor: Actor | null; bookingId: string; input: unknown },
): Promise<OnlineRefundView> {
  const admin = requireRole(request.actor, 'admin');
  const input = parseInput(requestOnlineRefundInput, request.input);
  if (!deps.stripe) throw new AppError('NOT_FOUND', 'Online payment is not set up, so nothing can be refunded online.');
  const queued = await deps.db.transaction(async (tx) => {
    const [held] = /^[0-9a-f-]{36}$/i.test(request.bookingId)
      ? await tx.select().from(onlinePayment).where(eq(onlinePayment.bookingId, request.bookingId)).for('update')
      : [];
    if (!held) throw new AppError('NOT_FOUND', 'This booking has no online payment.');
    const [invoiced] = await tx
      .select({ id: invoice.id })
      .from(invoice)
      .where(and(eq(invoice.bookingId, request.bookingId), eq(invoice.kind, 'invoice'), ne(invoice.status, 'void')));
    if (invoiced)
      throw new AppError('CONFLICT', 'This booking is invoiced: pay money back through a credit note on the invoice.');
    const left = await refundableOf(tx, held);
    if (left <= 0) throw new AppError('CONFLICT', 'Nothing is left to refund of this online payment.');
    if (input.amountPence > left)
      throw new AppError('VALIDATION', `At most ${pounds(left)} is left to refund of this online payment.`, {
        field: 'amountPence',
      });
    const row = await queueOnlineRefund(tx, {
      held,
      amountPence: input.amountPence,
      reason: input.reason,
      requestedBy: admin.id,
    });
    await recordAudit(tx, {
      actor: admin,
      action: 'booking.online-refund',
      entityType: 'booking',
      entityId: request.bookingId,
      before: null,
      after: {
        amountPence: input.amountPence,
        reason: input.reason,
      },
    });
    return row;
  });
  return viewOf(await sendOnlineRefund(deps, { refundId: queued.id }));
}

/**
 * Asks Stripe for one refund (again, with the same key, when retried) and applies its answer. A call that fails is
 * logged and left 'retrying' for the job; Stripe refusing the request outright (a 4xx) makes it 'failed'.
 */
export async function sendOnlineRefund(deps: RefundDeps, request: { refundId: string }): Promise<RefundRow> {
  const { refundId } = request;
  const [row] = await deps.db.select().from(onlineRefund).where(eq(onlineRefund.id, refundId));
  if (!row) throw new Error(`no online refund ${refundId}`);
  if (row.status !== 'requested' && row.status !== 'retrying') return row;
  const [held] = await deps.db.select().from(onlinePayment).where(eq(onlinePayment.id, row.onlinePaymentId));
  if (!deps.stripe || !held?.intentId) return markAttempt(deps, row, 'Online payment is not set up.', true);
  let refund: Stripe.Refund;
  try {
    refund = await deps.stripe.sdk.refunds.create(
      {
        payment_intent: held.intentId,
        amount: row.amountPence,
        reason: 'requested_by_customer',
        metadata: { bookingId: row.bookingId ?? '', onlineRefundId: row.id },
      },
      { idempotencyKey: refundKeyOf(row.id) },
    );
  } catch (error) {
    const refused = error instanceof deps.stripe.sdk.errors.StripeInvalidRequestError;
    deps.logger?.error(
      { bookingId: row.bookingId, onlineRefundId: row.id, stripeError: (error as Error).message, refused },
      refused ? 'Stripe refused a refund' : 'Stripe refund call failed; it will be retried',
    );
    return markAttempt(deps, row, (error as Error).message, refused);
  }
  return deps.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(onlineRefund).where(eq(onlineRefund.id, row.id)).for('update');
    if (!locked) throw new Error('refund vanished');
    await applyStripeRefund({ ...deps, tx }, { row: locked, refund });
    const [after] = await tx.select().from(onlineRefund).where(eq(onlineRefund.id, row.id));
    return after ?? locked;
  });
}

async function markAttempt(deps: RefundDeps, row: RefundRow, failure: string, final: boolean) {
  const attempts = row.attempts + 1;
  const status = final || attempts >= MAX_REFUND_ATTEMPTS ? 'failed' : 'retrying';
  const [updated] = await deps.db
    .update(onlineRefund)
    .set({ status, attempts, failure, updatedAt: new Date() })
    .where(and(eq(onlineRefund.id, row.id), inArray(onlineRefund.status, ['requested', 'retrying'])))
    .returning();
  return updated ?? row;
}

/** What the refund steps read of Stripe's refund object (from its answer or its webhook). */
export type StripeRefundWord = {
  id: string;
  status: string | null;
  amount: number;
  failure_reason?: string | null;
};

/**
 * Stripe's word on a refund, from its answer or its webhook, applied to the locked request once: succeeded records
 * it (payment row, posting), pending waits for the webhook, failed or cancelled is shown and never recorded.
 */
export async function applyStripeRefund(
  deps: RefundTx,
  request: { row: RefundRow; refund: StripeRefundWord },
): Promise<string> {
  const { tx } = deps;
  const { row, refund } = request;
  if (row.status === 'succeeded' || row.status === 'failed') return `already ${row.status}`;
  if (refund.status === 'succeeded') {
    await recordRefund(deps, row, refund);
    return 'refund recorded';
  }
  if (refund.status === 'failed' || refund.status === 'canceled') {
    await tx
      .update(onlineRefund)
      .set({ status: 'failed', stripeRefundId: refund.id, failure: failureText(refund.failure_reason) })
      .where(eq(onlineRefund.id, row.id));
    return 'refund failed';
  }
  await tx
    .update(onlineRefund)
    .set({ status: 'pending', stripeRefundId: refund.id, failure: null })
    .where(eq(onlineRefund.id, row.id));
  return 'refund pending';
}

function failureText(reason: string | null | undefined): string {
  switch (reason) {
    case 'expired_or_canceled_card':
      return 'The card has expired or was cancelled: Stripe could not pay it back.';
    case 'lost_or_stolen_card':
      return 'The card was reported lost or stolen: Stripe could not pay it back.';
    default:
      return 'Stripe could not pay this refund back to the card.';
  }
}

/** A confirmed refund in the books, posted against what the money had become when it went back. */
async function recordRefund(deps: RefundTx, row: RefundRow, refund: Pick<Stripe.Refund, 'id'>) {
  const { tx } = deps;
  const [held] = await tx.select().from(onlinePayment).where(eq(onlinePayment.id, row.onlinePaymentId)).for('update');
  if (!held) throw new Error('refund without its online payment');
  const [found] = held.bookingId ? await tx.select().from(booking).where(eq(booking.id, held.bookingId)) : [];
  const at = (deps.now ?? Date.now)();
  const back = await recordPayment(tx, {
    bookingId: held.bookingId,
    clientId: found?.clientId ?? null,
    kind: 'refund',
    amountPence: row.amountPence,
    method: 'card',
    paidAt: new Date(at),
    note: `Paid back online (Stripe ${refund.id}): ${row.reason}`,
    recordedBy: row.requestedBy,
  });
  const base = {
    refundId: back.id,
    date: localDateOf(at, deps.env.BUSINESS_TIME_ZONE),
    amountPence: row.amountPence,
    description: `Online payment paid back${found ? ` for ${found.serviceName}` : ''}`,
  };
  const draft =
    held.settlement === 'recognised'
      ? onlineSaleRefundEntry({
          ...base,
          sale: { style: found?.style ?? null, serviceType: found?.type ?? null, vatRateBp: await salesVatRateBp(tx) },
        })
      : held.settlement === 'kept'
        ? keptDepositRefundEntry({ ...base, vatRateBp: await salesVatRateBp(tx) })
        : onlineRefundEntry(base);
  await postJournalEntry(tx, { draft, createdBy: row.requestedBy });
  await tx
    .update(onlineRefund)
    .set({ status: 'succeeded', stripeRefundId: refund.id, paymentId: back.id, failure: null })
    .where(eq(onlineRefund.id, row.id));
  // Held money paid back in full leaves nothing to settle at the appointment.
  if (held.settlement === 'held' && (await stillHeldOf(tx, held)) <= 0)
    await tx
      .update(onlinePayment)
      .set({ settlement: 'refunded', refundId: back.id })
      .where(eq(onlinePayment.id, held.id));
}

/** The request a Stripe refund event is about, locked: by Stripe's id once known, else by our id in its metadata. */
export async function refundRequestOf(tx: DbOrTx, refund: Pick<Stripe.Refund, 'id' | 'metadata'>) {
  const [byStripe] = await tx
    .select()
    .from(onlineRefund)
    .where(eq(onlineRefund.stripeRefundId, refund.id))
    .for('update');
  if (byStripe) return byStripe;
  const ours = refund.metadata?.onlineRefundId;
  if (!ours || !/^[0-9a-f-]{36}$/i.test(ours)) return undefined;
  const [byOurs] = await tx.select().from(onlineRefund).where(eq(onlineRefund.id, ours)).for('update');
  return byOurs;
}

/**
 * The job's sweep (every minute): each refund whose call failed is asked again with its key, and one written but
 * never sent (the process stopped between the commit and the call) is sent after a minute.
 */
export async function retryOnlineRefunds(deps: RefundDeps): Promise<number> {
  const at = (deps.now ?? Date.now)();
  const due = await deps.db
    .select({ id: onlineRefund.id })
    .from(onlineRefund)
    .where(
      or(
        eq(onlineRefund.status, 'retrying'),
        and(eq(onlineRefund.status, 'requested'), lte(onlineRefund.createdAt, new Date(at - 60_000))),
      ),
    )
    .orderBy(asc(onlineRefund.createdAt));
  let done = 0;
  for (const { id } of due) {
    const after = await sendOnlineRefund(deps, { refundId: id });
    if (after.status === 'succeeded' || after.status === 'pending') done++;
  }
  return done;
}

/** Every refund of a booking's online payment, as the booking sheet shows them. */
export async function onlineRefundsOfBooking(db: DbOrTx, request: { bookingId: string }): Promise<OnlineRefundView[]> {
  const rows = await db
    .select()
    .from(onlineRefund)
    .where(eq(onlineRefund.bookingId, request.bookingId))
    .orderBy(asc(onlineRefund.createdAt));
  return rows.map(viewOf);
}

export function viewOf(row: RefundRow): OnlineRefundView {
  return {
    id: row.id,
    amountPence: row.amountPence,
    reason: row.reason,
    status: row.status,
    failure: row.failure,
    createdAt: row.createdAt.toISOString(),
  };
}

function pounds(pence: number): string {
  return `£${(pence / 100).toFixed(2)}`;
}
