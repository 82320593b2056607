import {
  type AdminBooking,
  type AdminOnlinePayment,
  AppError,
  listAdminBookingsQuery,
  phoneField,
  privateNotesInput,
  setOutcomeInput,
} from '@app/shared';
import { and, asc, desc, eq, gte, ilike, isNull, lt, or, sql } from 'drizzle-orm';
import type { BookingDeps } from '../../app-context.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { booking, bookingEvent, payment, voucher, voucherRedemption } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { parseInput } from '../../lib/validation.ts';
import { addDays, zonedInstant } from '../../lib/zoned-time.ts';
import { addOnsOfBooking } from '../add-ons/booking-add-ons.ts';
import { auditOf } from '../audit/audit.service.ts';
import { type QueryRequest, type RowInputRequest, type RowRequest, requireRole } from '../auth/actor.ts';
import { coursePaidOf } from '../courses/course-sessions.ts';
import { adminBankDepositOf } from '../payments/bank-transfer-deposits.ts';
import { chargeNoShowFee, noShowFeeStateOf } from '../payments/no-show-fee.ts';
import { onlinePaymentOfBooking, settleHeldPayment } from '../payments/online-payments.ts';
import { onlineRefundsOfBooking, refundableOf } from '../payments/online-refunds.ts';
import { coursePaidSql, receivedSql, voucherPaidSql } from '../payments/payments.service.ts';
import { auditIfAdmin, type BookingRow, now, recordEvent, sharedBookingFields } from './booking-state.ts';

const paidPence = receivedSql().mapWith(Number);
const voucherPaidPence = voucherPaidSql().mapWith(Number);
const coursePaidPence = coursePaidSql().mapWith(Number);

export function toAdminBooking(
  row: BookingRow & { paidPence?: number; voucherPaidPence?: number; coursePaidPence?: number },
): AdminBooking {
  return {
    ...sharedBookingFields(row),
    clientId: row.clientId,
    clientEmail: row.clientEmail,
    paidPence: row.paidPence ?? 0,
    voucherPaidPence: row.voucherPaidPence ?? 0,
    coursePaidPence: row.coursePaidPence ?? 0,
    privateNotes: row.privateNotes,
    source: row.source,
  };
}

/** The owner's searchable list (and the calendar's events): filters by dates, status, style, type, customer. */
export async function listAdminBookings(deps: { db: Db; env: Pick<Env, 'BUSINESS_TIME_ZONE'> }, request: QueryRequest) {
  const { db } = deps;
  const timeZone = deps.env.BUSINESS_TIME_ZONE;
  requireRole(request.actor, 'admin');
  const q = parseInput(listAdminBookingsQuery, request.query);
  const typedPhone = q.q ? phoneField.safeParse(q.q) : null;
  const where = and(
    q.from ? gte(booking.startsAt, new Date(zonedInstant(q.from, '00:00', timeZone))) : undefined,
    q.to ? lt(booking.startsAt, new Date(zonedInstant(addDays(q.to, 1), '00:00', timeZone))) : undefined,
    q.status ? eq(booking.status, q.status) : undefined,
    q.style ? eq(booking.style, q.style) : undefined,
    q.type ? eq(booking.type, q.type) : undefined,
    q.q
      ? or(
          ilike(booking.clientName, `%${q.q}%`),
          ilike(booking.clientEmail, `%${q.q}%`),
          ilike(booking.clientPhone, `%${q.q}%`),
          // A whole number typed the British way is also looked for as stored since then: in E.164.
          typedPhone?.success ? eq(booking.clientPhone, typedPhone.data) : undefined,
        )
      : undefined,
  );
  const rows = await db
    .select({
      row: booking,
      paidPence,
      voucherPaidPence,
      coursePaidPence,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(booking)
    .where(where)
    .orderBy(q.from || q.to ? asc(booking.startsAt) : desc(booking.startsAt))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return {
    total: rows[0]?.total ?? 0,
    bookings: rows.map((r) =>
      toAdminBooking({
        ...r.row,
        paidPence: r.paidPence,
        voucherPaidPence: r.voucherPaidPence,
        coursePaidPence: r.coursePaidPence,
      }),
    ),
  };
}

async function findBooking(db: DbOrTx, id: string, forUpdate = false): Promise<BookingRow> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError('NOT_FOUND', 'No such booking.');
  const query = db.select().from(booking).where(eq(booking.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND', 'No such booking.');
  return row;
}

/** One booking with its history, payments and the audit of admin changes. */
export async function getAdminBooking(db: Db, request: RowRequest) {
  const { id } = request;
  requireRole(request.actor, 'admin');
  const row = await findBooking(db, id);
  const payments = await db.select().from(payment).where(eq(payment.bookingId, id)).orderBy(asc(payment.paidAt));
  const redemptions = await db
    .select({
      id: voucherRedemption.id,
      amountPence: voucherRedemption.amountPence,
      redeemedAt: voucherRedemption.redeemedAt,
      code: voucher.code,
    })
    .from(voucherRedemption)
    .innerJoin(voucher, eq(voucher.id, voucherRedemption.voucherId))
    // What was given back onto a voucher when the booking was cancelled no longer paid for it.
    .where(and(eq(voucherRedemption.bookingId, id), isNull(voucherRedemption.returnedAt)))
    .orderBy(asc(voucherRedemption.redeemedAt));
  const voucherPaidPence = redemptions.reduce((sum, r) => sum + r.amountPence, 0);
  // A session of a course that paid for it counts as received too, and like a voucher's part it is no money to pay
  // back by hand (decision 081): it goes back as the session.
  const coursePaidPence = await coursePaidOf(db, { bookingId: id });
  const paidPence =
    payments.reduce((sum, p) => sum + (p.kind === 'refund' ? -p.amountPence : p.amountPence), 0) +
    voucherPaidPence +
    coursePaidPence;
  return {
    booking: toAdminBooking({ ...row, paidPence, voucherPaidPence, coursePaidPence }),
    history: await db.select().from(bookingEvent).where(eq(bookingEvent.bookingId, id)).orderBy(asc(bookingEvent.at)),
    payments,
    noShowFee: await noShowFeeStateOf(db, { bookingId: id }),
    onlinePayment: await adminOnlinePaymentOf(db, id),
    // A deposit by bank transfer (decision 066): its state, reference and deadline, beside the mark-received action.
    bankDeposit: await adminBankDepositOf(db, { bookingId: id }),
    // A code is a bearer instrument (decision 052): the sheet names the voucher by its last four signs only.
    voucherRedemptions: redemptions.map((r) => ({
      id: r.id,
      amountPence: r.amountPence,
      redeemedAt: r.redeemedAt.toISOString(),
      codeLast4: r.code.slice(-4),
    })),
    audit: await auditOf(db, { entityType: 'booking', entityId: id }),
    // What the booking took of the add-ons, as booked (decision 079).
    addOns: await addOnsOfBooking(db, { bookingId: id }),
  };
}

/** The online payment of the booking sheet: what was paid, what is left to refund, each refund and its state. */
async function adminOnlinePaymentOf(db: Db, bookingId: string): Promise<AdminOnlinePayment | null> {
  const held = await onlinePaymentOfBooking(db, { bookingId });
  if (!held) return null;
  return {
    purpose: held.purpose,
    amountPence: held.amountPence,
    status: held.status,
    settlement: held.settlement ?? null,
    refundablePence: await refundableOf(db, held),
    refunds: await onlineRefundsOfBooking(db, { bookingId }),
  };
}

/** Completed or no-show, once the appointment has started. */
export async function setBookingOutcome(deps: BookingDeps, request: RowInputRequest) {
  const actor = requireRole(request.actor, 'admin');
  const { status } = parseInput(setOutcomeInput, request.input);
  return deps.db.transaction(async (tx) => {
    const row = await findBooking(tx, request.id, true);
    if (row.status !== 'confirmed' && row.status !== 'completed' && row.status !== 'no_show')
      throw new AppError('CONFLICT', `A ${row.status} booking cannot be marked ${status.replace('_', '-')}.`);
    if (row.startsAt.getTime() > now(deps)) throw new AppError('CONFLICT', 'This appointment has not started yet.');
    const [updated] = await tx
      .update(booking)
      .set({ status, version: row.version + 1 })
      .where(eq(booking.id, row.id))
      .returning();
    if (!updated) throw new Error('outcome update returned no row');
    // Money taken online becomes the sale when the appointment took place, and is kept after a no-show.
    await settleHeldPayment(tx, {
      timeZone: deps.env.BUSINESS_TIME_ZONE,
      row: updated,
      outcome: status === 'completed' ? 'recognised' : 'kept',
      at: now(deps),
      createdBy: actor.id,
    });
    await recordEvent(tx, { row, actor, action: status, from: row.status, to: status });
    await auditIfAdmin(tx, { actor, action: `booking.${status}`, id: row.id, before: row, after: updated });
    return toAdminBooking(updated);
  });
}

export async function setPrivateNotes(db: Db, request: RowInputRequest) {
  const admin = requireRole(request.actor, 'admin');
  const { privateNotes } = parseInput(privateNotesInput, request.input);
  return db.transaction(async (tx) => {
    const row = await findBooking(tx, request.id, true);
    const [updated] = await tx.update(booking).set({ privateNotes }).where(eq(booking.id, row.id)).returning();
    if (!updated) throw new Error('notes update returned no row');
    await auditIfAdmin(tx, { actor: admin, action: 'booking.notes', id: row.id, before: row, after: updated });
    return toAdminBooking(updated);
  });
}

/** The owner charges the no-show fee from the booking sheet, which is answered as it now is. */
export async function chargeNoShowFeeOnSheet(deps: BookingDeps, request: RowRequest) {
  await chargeNoShowFee(deps, request);
  return getAdminBooking(deps.db, request);
}
