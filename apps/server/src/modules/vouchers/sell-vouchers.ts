import {
  AppError,
  buyVoucherInput,
  issueVoucherInput,
  SENSUAL_CARD_REFUSAL,
  type Voucher,
  type VoucherPurchase,
} from '@app/shared';
import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { DbOrTx } from '../../db/client.ts';
import { service, voucher } from '../../db/schema.ts';
import { now, todayOf } from '../../lib/clock.ts';
import { parseInput } from '../../lib/validation.ts';
import { addMonths } from '../../lib/zoned-time.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type InputRequest, requireRole, requireSignedIn } from '../auth/actor.ts';
import { postJournalEntry, salesVatRateBp } from '../ledger/ledger.service.ts';
import { voucherSoldEntry } from '../ledger/voucher-postings.ts';
import { createPurchaseIntent, paidByIntent } from '../payments/stripe-client.ts';
import { sendDueVoucherEmails } from './voucher-emails.ts';
import {
  forPosting,
  newVoucherCode,
  type VoucherDeps,
  type VoucherTx,
  viewsOf,
  voucherLabel,
} from './voucher-rules.ts';

/** What an order is worth and, for a treatment, which one (its price at the length chosen, today). */
async function pricedOrder(
  tx: DbOrTx,
  order: { kind: 'amount' | 'treatment'; amountPence?: number; serviceId?: string; durationMinutes?: number },
) {
  if (order.kind === 'amount')
    return {
      kind: 'amount' as const,
      valuePence: order.amountPence ?? 0,
      serviceId: null,
      serviceName: null,
      durationMinutes: null,
      style: null,
      serviceType: null,
      vatRateBp: 0,
    };
  const [found] = await tx
    .select()
    .from(service)
    .where(and(eq(service.id, order.serviceId ?? ''), eq(service.active, true)));
  if (!found) throw new AppError('VALIDATION', 'Choose one of the treatments offered.', { field: 'serviceId' });
  const length = found.durations.find((d) => d.minutes === order.durationMinutes);
  if (!length)
    throw new AppError('VALIDATION', `${found.name} is not offered for ${order.durationMinutes} minutes.`, {
      field: 'durationMinutes',
    });
  return {
    kind: 'treatment' as const,
    valuePence: length.pricePence,
    serviceId: found.id,
    serviceName: found.name,
    durationMinutes: length.minutes,
    style: found.style,
    serviceType: found.type,
    // A single-purpose voucher's VAT is due at sale, at today's rate (decision 051).
    vatRateBp: await salesVatRateBp(tx),
  };
}

/** A code never seen before: a clash of 79 random bits is next to impossible, but the unique index decides. */
async function insertVoucher(tx: DbOrTx, values: Omit<typeof voucher.$inferInsert, 'code'>) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await tx
      .insert(voucher)
      .values({ ...values, code: newVoucherCode() })
      .onConflictDoNothing({ target: voucher.code })
      .returning();
    if (row) return row;
  }
  throw new Error('could not draw an unused voucher code');
}

/** The owner records a voucher sold in person: issued at once, the money posted to its account. */
export async function issueVoucherInPerson(deps: VoucherDeps, { actor, input }: InputRequest) {
  const admin = requireRole(actor, 'admin');
  const data = parseInput(issueVoucherInput, input);
  const today = todayOf(deps);
  const row = await deps.db.transaction(async (tx) => {
    const order = await pricedOrder(tx, data);
    const row = await insertVoucher(tx, {
      ...order,
      balancePence: order.valuePence,
      status: 'active',
      soldBy: data.method,
      buyerId: null,
      buyerName: data.buyerName,
      buyerEmail: data.buyerEmail,
      recipientName: data.recipientName || null,
      recipientEmail: data.recipientEmail || null,
      message: data.message,
      sendOn: data.sendOn ?? null,
      expiresOn: addMonths(today, deps.env.VOUCHER_EXPIRY_MONTHS),
      issuedAt: new Date(now(deps)),
      createdBy: admin.id,
    });
    await postJournalEntry(tx, {
      draft: voucherSoldEntry({
        voucher: forPosting(row),
        date: today,
        amountPence: row.valuePence,
        method: data.method,
        description: `Gift voucher sold: ${voucherLabel(deps.env, row)}`,
      }),
      createdBy: admin.id,
    });
    await recordAudit(tx, {
      actor: admin,
      action: 'voucher.issue',
      entityType: 'voucher',
      entityId: row.id,
      before: null,
      after: {
        valuePence: row.valuePence,
        soldBy: row.soldBy,
      },
    });
    return row;
  });
  await sendDueVoucherEmails(deps, { onlyId: row.id });
  const [view] = await viewsOf(deps, [row]);
  return view as Voucher;
}

/**
 * A client buys a voucher online: a row awaiting payment and its PaymentIntent (purpose 'voucher'). The voucher is
 * issued only when Stripe says the money was taken. The description on the card statement and receipt is neutral.
 */
export async function buyVoucher(deps: VoucherDeps, { actor, input }: InputRequest): Promise<VoucherPurchase> {
  const me = requireSignedIn(actor);
  const stripe = deps.stripe;
  if (!stripe) throw new AppError('NOT_FOUND', 'Gift vouchers are sold in person here.');
  const data = parseInput(buyVoucherInput, input);
  const today = todayOf(deps);
  const row = await deps.db.transaction(async (tx) => {
    const order = await pricedOrder(tx, data);
    if (order.style === 'sensual') throw new AppError('VALIDATION', SENSUAL_CARD_REFUSAL, { field: 'serviceId' });
    return insertVoucher(tx, {
      ...order,
      balancePence: order.valuePence,
      status: 'awaiting_payment',
      soldBy: 'online',
      buyerId: me.id,
      buyerName: me.name,
      buyerEmail: me.email,
      recipientName: data.recipientName || null,
      recipientEmail: data.recipientEmail || null,
      message: data.message,
      sendOn: data.sendOn && data.sendOn > today ? data.sendOn : null,
      expiresOn: addMonths(today, deps.env.VOUCHER_EXPIRY_MONTHS),
      createdBy: me.id,
    });
  });
  const intent = await createPurchaseIntent(stripe, {
    amount: row.valuePence,
    currency: deps.env.BUSINESS_CURRENCY,
    metadata: { voucherId: row.id, purpose: 'voucher' },
    // Never the treatment's name: a gift voucher, whatever it is for (decision 052).
    description: 'Gift voucher',
    idempotencyKey: `voucher-${row.id}`,
    cancel: () => deps.db.update(voucher).set({ status: 'cancelled' }).where(eq(voucher.id, row.id)),
  });
  const [stored] = await deps.db.update(voucher).set({ intentId: intent.id }).where(eq(voucher.id, row.id)).returning();
  const [view] = await viewsOf(deps, [stored ?? row]);
  return { voucher: view as Voucher, clientSecret: intent.client_secret };
}

/**
 * Stripe says a voucher's payment succeeded (the verified webhook, or the redirect asking Stripe): the voucher is
 * issued once, its validity counted from today, and the money posted from Stripe clearing to vouchers outstanding.
 */
export async function settleVoucherIntent(
  deps: VoucherTx,
  request: { intent: Pick<Stripe.PaymentIntent, 'id' | 'metadata' | 'amount_received'> },
): Promise<string> {
  const { tx } = deps;
  const { intent } = request;
  const [row] = await tx
    .select()
    .from(voucher)
    .where(paidByIntent(voucher, intent, 'voucherId'))
    .for('update');
  if (!row) return 'no voucher for this payment';
  if (row.status !== 'awaiting_payment' && row.status !== 'cancelled') return 'voucher already issued';
  const today = todayOf(deps);
  const [issued] = await tx
    .update(voucher)
    .set({
      status: 'active',
      intentId: intent.id,
      issuedAt: new Date(now(deps)),
      expiresOn: addMonths(today, deps.env.VOUCHER_EXPIRY_MONTHS),
    })
    .where(eq(voucher.id, row.id))
    .returning();
  if (!issued) throw new Error('voucher update returned no row');
  await postJournalEntry(tx, {
    draft: voucherSoldEntry({
      voucher: forPosting(issued),
      date: today,
      amountPence: issued.valuePence,
      method: 'online',
      description: `Gift voucher sold online: ${voucherLabel(deps.env, issued)}`,
    }),
    createdBy: null,
  });
  return 'voucher issued';
}
