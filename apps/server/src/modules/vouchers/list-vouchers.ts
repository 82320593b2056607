import { AppError, listVouchersQuery, type Voucher, type VoucherPage } from '@app/shared';
import { and, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { voucher } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { countedPage } from '../../lib/counted-page.ts';
import { parseInput, uuidPattern } from '../../lib/validation.ts';
import { type Actor, type QueryRequest, type RowRequest, requireRole, requireSignedIn } from '../auth/actor.ts';
import { readSettledOnReturn } from '../payments/stripe-client.ts';
import { settleVoucherIntent } from './sell-vouchers.ts';
import { sendDueVoucherEmails } from './voucher-emails.ts';
import { type VoucherDeps, viewsOf } from './voucher-rules.ts';

/** The back office list: newest first, searched by code (with or without dashes) or by buyer or recipient. */
export async function listVouchers(deps: { db: Db; env: Env }, request: QueryRequest): Promise<VoucherPage> {
  const { db } = deps;
  requireRole(request.actor, 'admin');
  const filters = parseInput(listVouchersQuery, request.query);
  const conditions: SQL[] = [];
  if (filters.q) {
    const words = `%${filters.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    const code = filters.q.replace(/[\s-]/g, '').toUpperCase();
    const matches = [
      ilike(voucher.buyerName, words),
      ilike(voucher.buyerEmail, words),
      ilike(voucher.recipientName, words),
      ilike(voucher.recipientEmail, words),
    ];
    if (code.length >= 4) matches.push(ilike(voucher.code, `%${code.replace(/[%_\\]/g, '')}%`));
    conditions.push(or(...matches) as SQL);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const { rows, total } = await countedPage(db, voucher, {
    where,
    order: [desc(voucher.createdAt), desc(voucher.id)],
    page: filters.page,
    pageSize: filters.pageSize,
  });
  return {
    vouchers: await viewsOf(deps, rows),
    total,
    page: filters.page,
    pageSize: filters.pageSize,
  };
}

/** A client's own purchases, newest first (paid or still awaiting payment). */
export async function myVouchers(deps: { db: Db; env: Env }, request: { actor: Actor | null }): Promise<Voucher[]> {
  const { db } = deps;
  const me = requireSignedIn(request.actor);
  const rows = await db
    .select()
    .from(voucher)
    .where(and(eq(voucher.buyerId, me.id), inArray(voucher.status, ['awaiting_payment', 'active', 'expired'])))
    .orderBy(desc(voucher.createdAt));
  return viewsOf(deps, rows);
}

/**
 * One of the client's purchases. Back from Stripe's redirect before the webhook, it asks Stripe itself and issues
 * the voucher if the payment succeeded (the webhook then finds it done): either order ends the same way.
 */
export async function myVoucher(deps: VoucherDeps, request: RowRequest): Promise<Voucher> {
  const { id } = request;
  const me = requireSignedIn(request.actor);
  const mine = async () => {
    const [row] = uuidPattern.test(id)
      ? await deps.db
          .select()
          .from(voucher)
          .where(and(eq(voucher.id, id), eq(voucher.buyerId, me.id)))
      : [];
    if (!row) throw new AppError('NOT_FOUND', 'No such voucher.');
    return row;
  };
  const row = await readSettledOnReturn(deps.stripe, mine, async (intent) => {
    await deps.db.transaction((tx) => settleVoucherIntent({ ...deps, tx }, { intent }));
    await sendDueVoucherEmails(deps, { onlyId: id });
  });
  const [view] = await viewsOf(deps, [row]);
  return view as Voucher;
}
