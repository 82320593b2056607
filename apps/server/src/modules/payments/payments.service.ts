import { AppError, type RecordPaymentInput, recordPaymentInput, recordRefundInput } from '@app/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { bankTransferDeposit, booking, invoice, onlinePayment, payment } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { parseInput } from '../../lib/validation.ts';
import { localDateOf } from '../../lib/zoned-time.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type Actor, requireRole } from '../auth/actor.ts';
import { postJournalEntry, salesVatRateBp } from '../ledger/ledger.service.ts';
import { bookingPaymentEntry, bookingRefundEntry } from '../ledger/postings.ts';

/**
 * Payments net of refunds of the booking row in the surrounding query: what it has actually brought in.
 * Written out in full because drizzle leaves columns unqualified in a one-table select.
 */
export const netPaidSql = () =>
  sql<number>`(select coalesce(sum(case when p.kind = 'refund' then -p.amount_pence else p.amount_pence end), 0) from payment p where p.booking_id = "booking"."id")`;

/**
 * Money received for the booking row in the surrounding query: payments net of refunds plus what gift vouchers paid.
 * A redemption is a `voucher_redemption` row, not a `payment` (decision 051), and is already posted Dr 2310 / Cr
 * sales, so it counts here and nowhere in the ledger again. A refund by hand stays bounded by `netPaidSql` alone.
 */
export const receivedSql = () => sql<number>`(${netPaidSql()} + ${voucherPaidSql()} + ${coursePaidSql()})`;

/**
 * What a session of a course paid towards the booking row in the surrounding query (decision 081): like a voucher's
 * redemption, already posted (Dr 2320 / Cr sales) when the session was used.
 */
export const coursePaidSql = () =>
  sql<number>`(select coalesce(sum(u.covered_pence), 0) from course_session_use u where u.booking_id = "booking"."id" and u.returned_at is null)`;

/** What gift vouchers paid towards the booking row in the surrounding query. */
export const voucherPaidSql = () =>
  sql<number>`(select coalesce(sum(r.amount_pence), 0) from voucher_redemption r where r.booking_id = "booking"."id" and r.returned_at is null)`;

async function bookingForMoney(tx: DbOrTx, bookingId: string) {
  const [found] = /^[0-9a-f-]{36}$/i.test(bookingId)
    ? await tx.select().from(booking).where(eq(booking.id, bookingId)).for('update')
    : [];
  if (!found) throw new AppError('NOT_FOUND', 'No such booking.');
  // Once a booking is on an invoice, its money is recorded against the invoice so the two never disagree.
  const [invoiced] = await tx
    .select({ id: invoice.id, series: invoice.series, number: invoice.number })
    .from(invoice)
    .where(and(eq(invoice.bookingId, bookingId), inArray(invoice.status, ['issued', 'part_paid', 'paid'])));
  if (invoiced)
    throw new AppError(
      'CONFLICT',
      `This booking is invoiced (${invoiced.series}-${String(invoiced.number).padStart(6, '0')}): record money on the invoice.`,
    );
  return found;
}

/** Whether money taken for the booking (online, or a deposit by bank transfer) is still held, not yet the business's. */
async function holdsMoneyFor(
  tx: DbOrTx,
  taken: typeof onlinePayment | typeof bankTransferDeposit,
  bookingId: string,
): Promise<boolean> {
  const [held] = await tx
    .select({ id: taken.id })
    .from(taken)
    .where(and(eq(taken.bookingId, bookingId), eq(taken.settlement, 'held')));
  return held !== undefined;
}

/** What recording money by hand works with: the database (or the caller's transaction) and the business's time zone. */
type MoneyDeps = { db: DbOrTx; env: Pick<Env, 'BUSINESS_TIME_ZONE'> };
type MoneyRequest = { actor: Actor | null; bookingId: string; input: unknown };

/** Money received for a booking on the day (cash, card or bank transfer), posted to the ledger as a sale. */
export function recordBookingPayment(deps: MoneyDeps & { db: Db }, request: MoneyRequest) {
  return recordBookingMoney(deps, { ...request, kind: 'payment', data: parseInput(recordPaymentInput, request.input) });
}

/** Money paid back for a booking (cancelled, or a goodwill refund): never more than it brought in. */
export function recordBookingRefund(deps: MoneyDeps, request: MoneyRequest) {
  return recordBookingMoney(deps, { ...request, kind: 'refund', data: parseInput(recordRefundInput, request.input) });
}

async function recordBookingMoney(
  deps: MoneyDeps,
  request: { actor: Actor | null; bookingId: string; kind: 'payment' | 'refund'; data: RecordPaymentInput },
) {
  const { db } = deps;
  const timeZone = deps.env.BUSINESS_TIME_ZONE;
  const { bookingId, kind, data } = request;
  const admin = requireRole(request.actor, 'admin');
  return db.transaction(async (tx) => {
    const found = await bookingForMoney(tx, bookingId);
    if (kind === 'payment' && found.status === 'cancelled')
      throw new AppError('CONFLICT', 'This booking is cancelled: record a refund instead.');
    if (kind === 'refund') {
      // Money taken online and still held is owed back through Stripe, not by hand: a refund by hand would take it
      // out of sales it never entered (decision 048).
      if (await holdsMoneyFor(tx, onlinePayment, bookingId))
        throw new AppError(
          'CONFLICT',
          'This booking was paid online and the money is still held: it is paid back through Stripe, not by hand.',
        );
      // Likewise a deposit by bank transfer still held is owed from Deposits held, not from sales (decision 066).
      if (await holdsMoneyFor(tx, bankTransferDeposit, bookingId))
        throw new AppError(
          'CONFLICT',
          'This booking’s deposit by bank transfer is still held: record it paid back under Business → Deposit by bank transfer.',
        );
      const [paid] = await tx
        .select({ net: netPaidSql().mapWith(Number) })
        .from(booking)
        .where(eq(booking.id, bookingId));
      const refundable = paid?.net ?? 0;
      if (data.amountPence > refundable)
        throw new AppError(
          'VALIDATION',
          refundable > 0
            ? `At most ${formatPounds(refundable)} can be refunded.`
            : 'Nothing has been paid for this booking.',
        );
    }
    const paidAt = data.paidAt ? new Date(data.paidAt) : new Date();
    const row = await recordPayment(tx, {
      bookingId,
      clientId: found.clientId,
      kind,
      amountPence: data.amountPence,
      method: data.method,
      paidAt,
      note: data.note,
      recordedBy: admin.id,
    });
    const posting = {
      date: localDateOf(paidAt.getTime(), timeZone),
      amountPence: row.amountPence,
      method: row.method,
      sale: { style: found.style, serviceType: found.type, vatRateBp: await salesVatRateBp(tx) },
    };
    await postJournalEntry(tx, {
      draft:
        kind === 'payment'
          ? bookingPaymentEntry({ ...posting, paymentId: row.id, description: `Payment for ${found.serviceName}` })
          : bookingRefundEntry({ ...posting, refundId: row.id, description: `Refund for ${found.serviceName}` }),
      createdBy: admin.id,
    });
    await recordAudit(tx, {
      actor: admin,
      action: `booking.${kind}`,
      entityType: 'booking',
      entityId: bookingId,
      before: null,
      after: {
        amountPence: row.amountPence,
        method: row.method,
      },
    });
    return row;
  });
}

function formatPounds(pence: number): string {
  return `£${(pence / 100).toFixed(2)}`;
}

/**
 * Writes a payment or refund row. Only the payments module writes the `payment` table: another module records money
 * through this (an invoice's payment or refund) inside its own transaction, and posts its own journal entry.
 */
export async function recordPayment(tx: DbOrTx, request: typeof payment.$inferInsert & { kind: 'payment' | 'refund' }) {
  const [row] = await tx.insert(payment).values(request).returning();
  if (!row) throw new Error(`${request.kind} insert returned no row`);
  return row;
}

/** A payment taken for a booking before it was invoiced now settles that invoice instead. */
export async function linkPaymentToInvoice(tx: DbOrTx, request: { paymentId: string; invoiceId: string }) {
  await tx.update(payment).set({ invoiceId: request.invoiceId }).where(eq(payment.id, request.paymentId));
}

/** A client's account is erased: their payments stay in the books, no longer tied to them. */
export async function forgetClientOfPayments(tx: DbOrTx, request: { clientId: string }) {
  await tx.update(payment).set({ clientId: null }).where(eq(payment.clientId, request.clientId));
}
