import { randomInt } from 'node:crypto';
import {
  AppError,
  accountCodes,
  buyVoucherInput,
  formatVoucherCode,
  issueVoucherInput,
  listVouchersQuery,
  redeemVoucherInput,
  VOUCHER_CODE_ALPHABET,
  VOUCHER_CODE_LENGTH,
  type Voucher,
  type VoucherPage,
  type VoucherPurchase,
} from '@app/shared';
import { and, desc, eq, ilike, inArray, isNotNull, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db, DbOrTx } from '../../db/client.ts';
import { booking, journalEntry, journalLine, service, voucher, voucherRedemption } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { parseInput } from '../../lib/validation.ts';
import { localDateOf } from '../../lib/zoned-time.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type Actor, requireRole, requireSignedIn } from '../auth/actor.ts';
import { publicUrlOf } from '../auth/auth.ts';
import { getBusinessDetails } from '../business/business.service.ts';
import { emailBrandOf } from '../emails/emails.service.ts';
import type { PdfBrand } from '../invoices/invoice-pdf.ts';
import { money } from '../invoices/invoices.service.ts';
import { postJournalEntry, salesVatRateBp } from '../ledger/ledger.service.ts';
import type { EntryDraft } from '../ledger/postings.ts';
import {
  type VoucherForPosting,
  voucherExpiredEntry,
  voucherRedeemedEntry,
  voucherReturnedEntry,
  voucherSoldEntry,
} from '../ledger/voucher-postings.ts';
import type { Outbox } from '../outbox/outbox.service.ts';
import type { StripeAccount } from '../payments/stripe-client.ts';
import type { FileStore } from '../storage/storage.service.ts';
import { documentBrandOf } from '../website/website.service.ts';

export type VoucherDeps = {
  db: Db;
  env: Env;
  outbox: Outbox;
  files: FileStore | null;
  stripe?: StripeAccount | null;
  now?: () => number;
};
type VoucherRow = typeof voucher.$inferSelect;

const now = (deps: Pick<VoucherDeps, 'now'>) => deps.now?.() ?? Date.now();
const todayOf = (deps: Pick<VoucherDeps, 'now' | 'env'>) => localDateOf(now(deps), deps.env.BUSINESS_TIME_ZONE);
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** 16 signs drawn by the system's cryptographic generator from an alphabet with no look-alikes: not guessable. */
export function newVoucherCode(): string {
  let code = '';
  for (let i = 0; i < VOUCHER_CODE_LENGTH; i++) code += VOUCHER_CODE_ALPHABET[randomInt(VOUCHER_CODE_ALPHABET.length)];
  return code;
}

/** The same day `months` later (the last day of a shorter month: 31 January + 1 month is 28 or 29 February). */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, last));
  return target.toISOString().slice(0, 10);
}

/**
 * What the voucher is for, as the holder (and anyone seeing the PDF, the email or the card statement) reads it: a
 * sensual treatment is a "massage", never named (decision 052).
 */
export function voucherLabel(
  row: Pick<VoucherRow, 'kind' | 'serviceName' | 'durationMinutes' | 'style' | 'valuePence'>,
  env: Env,
) {
  if (row.kind === 'amount') return `${money(row.valuePence, env)} gift voucher`;
  const name = row.style === 'sensual' || !row.serviceName ? 'massage' : row.serviceName;
  return `${row.durationMinutes}-minute ${name}`;
}

const forPosting = (row: VoucherRow): VoucherForPosting => ({
  voucherId: row.id,
  kind: row.kind,
  vatRateBp: row.vatRateBp,
});

function statusOf(row: VoucherRow): Voucher['status'] {
  if (row.status === 'active' && row.balancePence === 0) return 'spent';
  return row.status;
}

function viewOf(row: VoucherRow, redemptions: (typeof voucherRedemption.$inferSelect)[], env: Env): Voucher {
  return {
    id: row.id,
    code: row.status === 'awaiting_payment' ? null : formatVoucherCode(row.code),
    kind: row.kind,
    label: voucherLabel(row, env),
    valuePence: row.valuePence,
    balancePence: row.balancePence,
    status: statusOf(row),
    expiresOn: row.expiresOn,
    soldBy: row.soldBy,
    buyerName: row.buyerName,
    buyerEmail: row.buyerEmail,
    recipientName: row.recipientName,
    recipientEmail: row.recipientEmail,
    message: row.message,
    sendOn: row.sendOn,
    emailedAt: row.emailedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    redemptions: redemptions
      .filter((r) => r.voucherId === row.id)
      .sort((a, b) => a.redeemedAt.getTime() - b.redeemedAt.getTime())
      .map((r) => ({
        id: r.id,
        bookingId: r.bookingId,
        amountPence: r.amountPence,
        redeemedAt: r.redeemedAt.toISOString(),
      })),
  };
}

async function viewsOf(db: DbOrTx, rows: VoucherRow[], env: Env): Promise<Voucher[]> {
  const ids = rows.map((row) => row.id);
  const redemptions = ids.length
    ? await db.select().from(voucherRedemption).where(inArray(voucherRedemption.voucherId, ids))
    : [];
  return rows.map((row) => viewOf(row, redemptions, env));
}

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
export async function issueVoucherInPerson(
  deps: VoucherDeps,
  { actor, input }: { actor: Actor | null; input: unknown },
) {
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
        description: `Gift voucher sold: ${voucherLabel(row, deps.env)}`,
      }),
      createdBy: admin.id,
    });
    await recordAudit(tx, admin, 'voucher.issue', 'voucher', row.id, null, {
      valuePence: row.valuePence,
      soldBy: row.soldBy,
    });
    return row;
  });
  await sendDueVoucherEmails(deps, row.id);
  const [view] = await viewsOf(deps.db, [row], deps.env);
  return view as Voucher;
}

function voucherRefusal(row: VoucherRow | undefined, amountPence: number, today: string, env: Env): AppError {
  if (!row || row.status === 'awaiting_payment' || row.status === 'cancelled')
    return new AppError('NOT_FOUND', 'No voucher has this code. Check it letter by letter.');
  const day = new Intl.DateTimeFormat(env.BUSINESS_LOCALE, {
    timeZone: 'UTC',
    dateStyle: 'long',
  }).format(new Date(`${row.expiresOn}T00:00:00Z`));
  if (row.status === 'expired' || row.expiresOn < today)
    return new AppError('VOUCHER_EXPIRED', `This voucher expired on ${day}.`);
  if (row.balancePence === 0)
    return new AppError('VOUCHER_SPENT', 'This voucher has been spent: nothing is left on it.');
  return new AppError(
    'VOUCHER_SPENT',
    `Only ${money(row.balancePence, env)} is left on this voucher, less than ${money(amountPence, env)}.`,
  );
}

/**
 * Spends part or all of a voucher on a booking, in the caller's transaction. The balance goes down by one
 * conditional update (enough left, valid, not expired): two redemptions at once are applied one after the other by
 * the row's lock, and the second is refused if the first left too little, so no code is ever spent beyond its value.
 */
export async function spendVoucher(
  tx: DbOrTx,
  deps: Pick<VoucherDeps, 'env' | 'now'>,
  input: { code: string; amountPence: number; bookingRow: typeof booking.$inferSelect; by: string | null },
) {
  const today = todayOf(deps);
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
    throw voucherRefusal(row, input.amountPence, today, deps.env);
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
  await postIfAny(
    tx,
    voucherRedeemedEntry({
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
    input.by,
  );
  return { voucher: spent, redemption };
}

/**
 * The voucher a code names, if it can be spent today (locked when it is about to be); else the refusal the client
 * reads: unknown, expired, or nothing left.
 */
export async function spendableVoucher(
  tx: DbOrTx,
  deps: Pick<VoucherDeps, 'env' | 'now'>,
  code: string,
  options: { lock: boolean },
): Promise<VoucherRow> {
  const today = todayOf(deps);
  const query = tx.select().from(voucher).where(eq(voucher.code, code));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row || row.status !== 'active' || row.expiresOn < today || row.balancePence === 0)
    throw voucherRefusal(row, 1, today, deps.env);
  return row;
}

/** What gift vouchers paid towards a booking and has not been given back. */
export async function voucherPaidOf(tx: DbOrTx, bookingId: string): Promise<number> {
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
  tx: DbOrTx,
  deps: Pick<VoucherDeps, 'env' | 'now'>,
  input: { bookingRow: typeof booking.$inferSelect; by: string | null },
): Promise<number> {
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
    await postIfAny(
      tx,
      voucherReturnedEntry({
        redemptionId: redemption.id,
        voucher: forPosting(row),
        date: today,
        balanceBeforePence: row.balancePence,
        amountPence: redemption.amountPence,
        vatPence: charged?.vat ?? 0,
        sale: { style: input.bookingRow.style, serviceType: input.bookingRow.type },
        description: `Gift voucher …${label} given back: ${input.bookingRow.serviceName} cancelled`,
      }),
      input.by,
    );
    if (closed)
      await postIfAny(
        tx,
        voucherExpiredEntry({
          voucher: forPosting(row),
          date: today,
          balancePence: redemption.amountPence,
          description: `Gift voucher …${label} given back after it expired: released`,
        }),
        input.by,
      );
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
  tx: DbOrTx,
  deps: Pick<VoucherDeps, 'env' | 'now'>,
  bookingRow: typeof booking.$inferSelect,
): Promise<boolean> {
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
    await spendVoucher(tx, deps, {
      code: (vouchers[index] as VoucherRow).code,
      amountPence: part.amountPence,
      bookingRow,
      by: null,
    });
  return true;
}

/**
 * A penny of a single-purpose voucher can carry no net amount once its VAT is rounded (the VAT was counted at sale):
 * nothing then moves in the books.
 */
async function postIfAny(tx: DbOrTx, draft: EntryDraft, by: string | null) {
  if (draft.lines.length >= 2) await postJournalEntry(tx, { draft, createdBy: by });
}

/** The owner takes (part of) a voucher at the till as payment for a booking. */
export async function redeemVoucherAtTill(
  deps: VoucherDeps,
  { actor, input }: { actor: Actor | null; input: unknown },
) {
  const admin = requireRole(actor, 'admin');
  const data = parseInput(redeemVoucherInput, input);
  const result = await deps.db.transaction(async (tx) => {
    const [bookingRow] = await tx.select().from(booking).where(eq(booking.id, data.bookingId));
    if (!bookingRow) throw new AppError('NOT_FOUND', 'No such booking.');
    if (bookingRow.status === 'cancelled')
      throw new AppError('CONFLICT', 'This booking is cancelled: a voucher cannot pay for it.');
    const spent = await spendVoucher(tx, deps, { ...data, bookingRow, by: admin.id });
    await recordAudit(tx, admin, 'voucher.redeem', 'voucher', spent.voucher.id, null, {
      bookingId: bookingRow.id,
      amountPence: data.amountPence,
    });
    return spent;
  });
  const [view] = await viewsOf(deps.db, [result.voucher], deps.env);
  return view as Voucher;
}

/** The back office list: newest first, searched by code (with or without dashes) or by buyer or recipient. */
export async function listVouchers(db: Db, env: Env, actor: Actor | null, query: unknown): Promise<VoucherPage> {
  requireRole(actor, 'admin');
  const filters = parseInput(listVouchersQuery, query);
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
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(voucher).where(where);
  const rows = await db
    .select()
    .from(voucher)
    .where(where)
    .orderBy(desc(voucher.createdAt), desc(voucher.id))
    .limit(filters.pageSize)
    .offset((filters.page - 1) * filters.pageSize);
  return {
    vouchers: await viewsOf(db, rows, env),
    total: counted?.total ?? 0,
    page: filters.page,
    pageSize: filters.pageSize,
  };
}

/** A client's own purchases, newest first (paid or still awaiting payment). */
export async function myVouchers(db: Db, env: Env, actor: Actor | null): Promise<Voucher[]> {
  const me = requireSignedIn(actor);
  const rows = await db
    .select()
    .from(voucher)
    .where(and(eq(voucher.buyerId, me.id), inArray(voucher.status, ['awaiting_payment', 'active', 'expired'])))
    .orderBy(desc(voucher.createdAt));
  return viewsOf(db, rows, env);
}

/**
 * One of the client's purchases. Back from Stripe's redirect before the webhook, it asks Stripe itself and issues
 * the voucher if the payment succeeded (the webhook then finds it done): either order ends the same way.
 */
export async function myVoucher(deps: VoucherDeps, actor: Actor | null, id: string): Promise<Voucher> {
  const me = requireSignedIn(actor);
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
  let row = await mine();
  if (row.status === 'awaiting_payment' && row.intentId && deps.stripe) {
    const intent = await deps.stripe.sdk.paymentIntents.retrieve(row.intentId);
    if (intent.status === 'succeeded') {
      await deps.db.transaction((tx) => settleVoucherIntent(deps, tx, intent));
      await sendDueVoucherEmails(deps, row.id);
      row = await mine();
    }
  }
  const [view] = await viewsOf(deps.db, [row], deps.env);
  return view as Voucher;
}

/**
 * A client buys a voucher online: a row awaiting payment and its PaymentIntent (purpose 'voucher'). The voucher is
 * issued only when Stripe says the money was taken. The description on the card statement and receipt is neutral.
 */
export async function buyVoucher(
  deps: VoucherDeps,
  { actor, input }: { actor: Actor | null; input: unknown },
): Promise<VoucherPurchase> {
  const me = requireSignedIn(actor);
  const stripe = deps.stripe;
  if (!stripe) throw new AppError('NOT_FOUND', 'Gift vouchers are sold in person here.');
  const data = parseInput(buyVoucherInput, input);
  const today = todayOf(deps);
  const row = await deps.db.transaction(async (tx) => {
    const order = await pricedOrder(tx, data);
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
  let intent: Stripe.PaymentIntent;
  try {
    intent = await stripe.sdk.paymentIntents.create(
      {
        amount: row.valuePence,
        currency: deps.env.BUSINESS_CURRENCY.toLowerCase(),
        automatic_payment_methods: { enabled: true },
        metadata: { voucherId: row.id, purpose: 'voucher' },
        // Never the treatment's name: a gift voucher, whatever it is for (decision 052).
        description: 'Gift voucher',
        ...(stripe.statementDescriptorSuffix && { statement_descriptor_suffix: stripe.statementDescriptorSuffix }),
      },
      { idempotencyKey: `voucher-${row.id}` },
    );
  } catch {
    await deps.db.update(voucher).set({ status: 'cancelled' }).where(eq(voucher.id, row.id));
    throw new AppError('PAYMENT_UNAVAILABLE', 'We could not start the payment just now. Please try again in a moment.');
  }
  const [stored] = await deps.db.update(voucher).set({ intentId: intent.id }).where(eq(voucher.id, row.id)).returning();
  const [view] = await viewsOf(deps.db, [stored ?? row], deps.env);
  return { voucher: view as Voucher, clientSecret: intent.client_secret };
}

/**
 * Stripe says a voucher's payment succeeded (the verified webhook, or the redirect asking Stripe): the voucher is
 * issued once, its validity counted from today, and the money posted from Stripe clearing to vouchers outstanding.
 */
export async function settleVoucherIntent(
  deps: Pick<VoucherDeps, 'env' | 'now'>,
  tx: DbOrTx,
  intent: Pick<Stripe.PaymentIntent, 'id' | 'metadata' | 'amount_received'>,
): Promise<string> {
  const voucherId = intent.metadata?.voucherId ?? '';
  const [row] = await tx
    .select()
    .from(voucher)
    .where(or(eq(voucher.intentId, intent.id), uuidPattern.test(voucherId) ? eq(voucher.id, voucherId) : undefined))
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
      description: `Gift voucher sold online: ${voucherLabel(issued, deps.env)}`,
    }),
    createdBy: null,
  });
  return 'voucher issued';
}

/**
 * Every issued voucher whose send date has come and that has an address goes to the outbox once, its PDF attached:
 * to the recipient of a gift, else to the buyer. Run by a job, and straight after an issue for one due today.
 */
export async function sendDueVoucherEmails(deps: VoucherDeps, onlyId?: string): Promise<number> {
  const today = todayOf(deps);
  const due = await deps.db
    .select()
    .from(voucher)
    .where(
      and(
        eq(voucher.status, 'active'),
        isNull(voucher.emailedAt),
        or(isNull(voucher.sendOn), lte(voucher.sendOn, today)),
        sql`(coalesce(${voucher.recipientEmail}, '') <> '' or ${voucher.buyerEmail} <> '')`,
        onlyId ? eq(voucher.id, onlyId) : undefined,
      ),
    );
  if (due.length === 0) return 0;
  const publicUrl = publicUrlOf(deps.env);
  // Read before any transaction: the logo's bytes may come from a bucket, and a slow one must not hold it open.
  const brand = await pdfBrandOf(deps.db, deps.files, publicUrl);
  const business = await getBusinessDetails(deps.db, deps.env);
  const emailBrand = await emailBrandOf(deps.db, publicUrl, business.businessName);
  let sent = 0;
  for (const row of due) {
    const { renderVoucherPdf } = await import('./voucher-pdf.ts');
    const label = voucherLabel(row, deps.env);
    const expires = new Intl.DateTimeFormat(deps.env.BUSINESS_LOCALE, { timeZone: 'UTC', dateStyle: 'long' }).format(
      new Date(`${row.expiresOn}T00:00:00Z`),
    );
    const pdf = await renderVoucherPdf(
      {
        businessName: business.businessName,
        businessEmail: business.email,
        businessPhone: business.phone,
        publicUrl,
        code: formatVoucherCode(row.code),
        label,
        value: money(row.valuePence, deps.env),
        recipientName: row.recipientName,
        buyerName: row.buyerName,
        message: row.message,
        expires,
      },
      brand,
    );
    const gift = Boolean(row.recipientEmail);
    const to = gift ? (row.recipientEmail ?? '') : row.buyerEmail;
    const greeting = gift ? row.recipientName : row.buyerName;
    const text = [
      `Hello ${greeting},`,
      '',
      gift
        ? `${row.buyerName} has sent you a gift voucher for ${business.businessName}: ${label}.`
        : `Here is your gift voucher for ${business.businessName}: ${label}.`,
      ...(gift && row.message ? ['', `“${row.message}”`] : []),
      '',
      `Your code: ${formatVoucherCode(row.code)}`,
      `Valid until ${expires}. The voucher is attached as a PDF.`,
      '',
      `Book at ${publicUrl} and enter the code when you pay, or show it at your appointment.`,
      '',
      business.businessName,
      [business.email, business.phone].filter(Boolean).join(' · '),
    ].join('\n');
    const emailed = await deps.db.transaction(async (tx) => {
      const [still] = await tx.select().from(voucher).where(eq(voucher.id, row.id)).for('update');
      if (!still || still.emailedAt) return false;
      await deps.outbox.enqueue(tx, {
        to,
        kind: 'voucher',
        subject: `A gift voucher from ${gift ? row.buyerName : business.businessName}`,
        text,
        html: voucherHtml(text, emailBrand.color),
        attachments: [
          {
            filename: `gift-voucher-${row.code.slice(0, 4)}.pdf`,
            contentType: 'application/pdf',
            contentBase64: pdf.toString('base64'),
          },
        ],
        dedupeKey: `voucher-${row.id}`,
      });
      await tx
        .update(voucher)
        .set({ emailedAt: new Date(now(deps)) })
        .where(eq(voucher.id, row.id));
      return true;
    });
    if (emailed) sent++;
  }
  return sent;
}

function voucherHtml(text: string, color: string): string {
  const escaped = text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><html><body style="font-family:Helvetica,Arial,sans-serif;line-height:1.5"><div style="border-top:6px solid ${color};padding:16px;white-space:pre-wrap">${escaped}</div></body></html>`;
}

async function pdfBrandOf(db: Db, files: FileStore | null, publicUrl: string): Promise<PdfBrand> {
  const brand = await documentBrandOf(db, files, publicUrl);
  const logo = brand.logo && files ? await brand.logo.jpeg().catch(() => null) : null;
  return { color: brand.color, logo };
}

/**
 * The daily job: each voucher past its date with money left is closed, and what was left leaves vouchers
 * outstanding for other income. Each in its own transaction, re-checked under the row's lock.
 */
export async function expireVouchers(deps: Pick<VoucherDeps, 'db' | 'env' | 'now'>): Promise<number> {
  const today = todayOf(deps);
  const due = await deps.db
    .select({ id: voucher.id })
    .from(voucher)
    .where(and(eq(voucher.status, 'active'), lt(voucher.expiresOn, today)));
  let expired = 0;
  for (const { id } of due) {
    const done = await deps.db.transaction(async (tx) => {
      const [row] = await tx.select().from(voucher).where(eq(voucher.id, id)).for('update');
      if (row?.status !== 'active' || row.expiresOn >= today) return false;
      if (row.balancePence > 0)
        await postIfAny(
          tx,
          voucherExpiredEntry({
            voucher: forPosting(row),
            date: today,
            balancePence: row.balancePence,
            description: `Gift voucher expired with ${money(row.balancePence, deps.env)} unspent`,
          }),
          null,
        );
      await tx
        .update(voucher)
        .set({ status: 'expired', expiredPence: row.balancePence, balancePence: 0 })
        .where(eq(voucher.id, id));
      return true;
    });
    if (done) expired++;
  }
  return expired;
}
