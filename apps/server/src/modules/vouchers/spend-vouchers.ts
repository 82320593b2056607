import { AppError, accountCodes, redeemVoucherInput, type Voucher } from '@app/shared';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { booking, journalEntry, journalLine, voucher, voucherRedemption } from '../../db/schema.ts';
import { now, todayOf } from '../../lib/clock.ts';
import { parseInput } from '../../lib/validation.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type InputRequest, requireRole } from '../auth/actor.ts';
import { salesVatRateBp } from '../ledger/ledger.service.ts';
import { voucherExpiredEntry, voucherRedeemedEntry, voucherReturnedEntry } from '../ledger/voucher-postings.ts';
import {
  forPosting,
  postIfAny,
  type VoucherDeps,
  type VoucherRow,
  type VoucherTx,
  viewsOf,
  voucherRefusal,
} from './voucher-rules.ts';

export const ONLINE_VOUCHER_REFUSAL =
  'This gift voucher was bought online by card, and Stripe does not allow card payments for sensual massage: it can pay for therapeutic treatments only.';

/**
 * Spends part or all of a voucher on a booking, in the caller's transaction. The balance goes down by one
 * conditional update (enough left, valid, not expired): two redemptions at once are applied one after the other by
 * the row's lock, and the second is refused if the first left too little, so no code is ever spent beyond its value.
 */
export async function spendVoucher(
  deps: VoucherTx,
  input: { code: string; amountPence: number; bookingRow: typeof booking.$inferSelect; by: string | null },
) {
  const { tx } = deps;
  const today = todayOf(deps);
  const [sold] = await tx.select({ soldBy: voucher.soldBy }).from(voucher).where(eq(voucher.code, input.code));
  // Money Stripe took is never spent on what Stripe prohibits (decision 065); a voucher sold in person may be.
  if (sold?.soldBy === 'online' && input.bookingRow.style === 'sensual')
    throw new AppError('CONFLICT', ONLINE_VOUCHER_REFUSAL);
  const [spent] = await tx
    .update(voucher)
    .set({ balancePence: sql`${voucher.balancePence} - ${input.amountPence}`, updatedAt: new Date(now(deps)) })
    .where(
      and(
        eq(voucher.code, input.code),
        eq(voucher.status, 'active'),
        sql`${voucher.balancePence} >= ${input.amountPence}`,
        sql`${voucher.expiresOn} >= ${today}`,
      ),
    )
    .returning();
  if (!spent) {
    const [row] = await tx.select().from(voucher).where(eq(voucher.code, input.code));
    throw voucherRefusal(deps.env, { row, amountPence: input.amountPence, today });
  }
  const [redemption] = await tx
    .insert(voucherRedemption)
    .values({
      voucherId: spent.id,
      bookingId: input.bookingRow.id,
      amountPence: input.amountPence,
      redeemedBy: input.by,
      redeemedAt: new Date(now(deps)),
    })
    .returning();
  if (!redemption) throw new Error('voucher redemption insert returned no row');
  await postIfAny(tx, {
    draft: voucherRedeemedEntry({
      redemptionId: redemption.id,
      voucher: forPosting(spent),
      date: today,
      balanceBeforePence: spent.balancePence + input.amountPence,
      amountPence: input.amountPence,
      sale: {
        style: input.bookingRow.style,
        serviceType: input.bookingRow.type,
        vatRateBp: await salesVatRateBp(tx),
      },
      description: `Gift voucher spent on ${input.bookingRow.serviceName}`,
    }),
    by: input.by,
  });
  return { voucher: spent, redemption };
}

/**
 * The voucher a code names, if it can be spent today (locked when it is about to be); else the refusal the client
 * reads: unknown, expired, or nothing left.
 */
export async function spendableVoucher(deps: VoucherTx, request: { code: string; lock: boolean }): Promise<VoucherRow> {
  const today = todayOf(deps);
  const query = deps.tx.select().from(voucher).where(eq(voucher.code, request.code));
  const [row] = request.lock ? await query.for('update') : await query;
  if (row?.status !== 'active' || row.expiresOn < today || row.balancePence === 0)
    throw voucherRefusal(deps.env, { row, amountPence: 1, today });
  return row;
}

/** What gift vouchers paid towards a booking and has not been given back. */
export async function voucherPaidOf(tx: DbOrTx, request: { bookingId: string }): Promise<number> {
  const { bookingId } = request;
  const [row] = await tx
    .select({ total: sql<number>`coalesce(sum(${voucherRedemption.amountPence}), 0)`.mapWith(Number) })
    .from(voucherRedemption)
    .where(and(eq(voucherRedemption.bookingId, bookingId), isNull(voucherRedemption.returnedAt)));
  return row?.total ?? 0;
}

/**
 * Gives back onto their vouchers what gift vouchers paid towards a booking being cancelled, in the caller's
 * transaction: each redemption is marked returned (kept, never deleted) and its sale taken back in the books. A
 * voucher that has expired meanwhile takes the money back and releases it at once, as its expiry did the rest.
 */
export async function giveBackVoucherSpending(
  deps: VoucherTx,
  input: { bookingRow: typeof booking.$inferSelect; by: string | null },
): Promise<number> {
  const { tx } = deps;
  const spent = await tx
    .select()
    .from(voucherRedemption)
    .where(and(eq(voucherRedemption.bookingId, input.bookingRow.id), isNull(voucherRedemption.returnedAt)))
    .for('update');
  const today = todayOf(deps);
  let returned = 0;
  for (const redemption of spent) {
    const [row] = await tx.select().from(voucher).where(eq(voucher.id, redemption.voucherId)).for('update');
    if (!row) continue;
    const [charged] = await tx
      .select({ vat: sql<number>`coalesce(sum(${journalLine.creditPence}), 0)`.mapWith(Number) })
      .from(journalEntry)
      .innerJoin(journalLine, eq(journalLine.entryId, journalEntry.id))
      .where(
        and(
          eq(journalEntry.sourceType, 'voucher_redeemed'),
          eq(journalEntry.sourceId, redemption.id),
          eq(journalLine.accountCode, accountCodes.vat),
        ),
      );
    const closed = row.status === 'expired';
    const label = row.code.slice(-4);
    await postIfAny(tx, {
      draft: voucherReturnedEntry({
        redemptionId: redemption.id,
        voucher: forPosting(row),
        date: today,
        balanceBeforePence: row.balancePence,
        amountPence: redemption.amountPence,
        vatPence: charged?.vat ?? 0,
        sale: { style: input.bookingRow.style, serviceType: input.bookingRow.type },
        description: `Gift voucher …${label} given back: ${input.bookingRow.serviceName} cancelled`,
      }),
      by: input.by,
    });
    if (closed)
      await postIfAny(tx, {
        draft: voucherExpiredEntry({
          voucher: forPosting(row),
          date: today,
          balancePence: redemption.amountPence,
          description: `Gift voucher …${label} given back after it expired: released`,
        }),
        by: input.by,
      });
    await tx
      .update(voucher)
      .set(
        closed
          ? { expiredPence: row.expiredPence + redemption.amountPence, updatedAt: new Date(now(deps)) }
          : { balancePence: row.balancePence + redemption.amountPence, updatedAt: new Date(now(deps)) },
      )
      .where(eq(voucher.id, row.id));
    await tx
      .update(voucherRedemption)
      .set({ returnedAt: new Date(now(deps)) })
      .where(eq(voucherRedemption.id, redemption.id));
    returned += redemption.amountPence;
  }
  return returned;
}

/**
 * A released booking paid late and booked again (decision 047) spends again what its vouchers paid and got back at
 * the release, all or nothing: false, spending nothing, when a voucher can no longer cover its part (spent
 * elsewhere or expired meanwhile), and the caller pays the card payment back instead.
 */
export async function spendReturnedVouchersAgain(
  deps: VoucherTx,
  request: { bookingRow: typeof booking.$inferSelect },
): Promise<boolean> {
  const { tx } = deps;
  const { bookingRow } = request;
  const returned = await tx
    .select({ amountPence: voucherRedemption.amountPence, voucherId: voucherRedemption.voucherId })
    .from(voucherRedemption)
    .where(and(eq(voucherRedemption.bookingId, bookingRow.id), isNotNull(voucherRedemption.returnedAt)));
  const today = todayOf(deps);
  const vouchers: VoucherRow[] = [];
  for (const part of returned) {
    const [row] = await tx.select().from(voucher).where(eq(voucher.id, part.voucherId)).for('update');
    if (row?.status !== 'active' || row.expiresOn < today || row.balancePence < part.amountPence) return false;
    vouchers.push(row);
  }
  for (const [index, part] of returned.entries())
    await spendVoucher(deps, {
      code: (vouchers[index] as VoucherRow).code,
      amountPence: part.amountPence,
      bookingRow,
      by: null,
    });
  return true;
}

/** The owner takes (part of) a voucher at the till as payment for a booking. */
export async function redeemVoucherAtTill(deps: VoucherDeps, { actor, input }: InputRequest) {
  const admin = requireRole(actor, 'admin');
  const data = parseInput(redeemVoucherInput, input);
  const result = await deps.db.transaction(async (tx) => {
    const [bookingRow] = await tx.select().from(booking).where(eq(booking.id, data.bookingId));
    if (!bookingRow) throw new AppError('NOT_FOUND', 'No such booking.');
    if (bookingRow.status === 'cancelled')
      throw new AppError('CONFLICT', 'This booking is cancelled: a voucher cannot pay for it.');
    const spent = await spendVoucher({ ...deps, tx }, { ...data, bookingRow, by: admin.id });
    await recordAudit(tx, {
      actor: admin,
      action: 'voucher.redeem',
      entityType: 'voucher',
      entityId: spent.voucher.id,
      before: null,
      after: {
        bookingId: bookingRow.id,
        amountPence: data.amountPence,
      },
    });
    return spent;
  });
  const [view] = await viewsOf(deps, [result.voucher]);
  return view as Voucher;
}
