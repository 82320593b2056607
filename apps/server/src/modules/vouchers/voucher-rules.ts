// What every voucher verb shares: the deps, the code, the label and the view of a voucher, the refusal a client reads
// and the posting that may carry nothing (the clock and the dates are lib's). Below the verbs; imports none of them.
import { randomInt } from 'node:crypto';
import { AppError, formatVoucherCode, VOUCHER_CODE_ALPHABET, VOUCHER_CODE_LENGTH, type Voucher } from '@app/shared';
import { inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { type voucher, voucherRedemption } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { money } from '../invoices/invoices.service.ts';
import { postJournalEntry } from '../ledger/ledger.service.ts';
import type { EntryDraft } from '../ledger/postings.ts';
import type { VoucherForPosting } from '../ledger/voucher-postings.ts';
import type { Outbox } from '../outbox/outbox.service.ts';
import type { StripeAccount } from '../payments/stripe-client.ts';
import type { FileStore } from '../storage/file-store.ts';

export type VoucherDeps = {
  db: Db;
  env: Env;
  outbox: Outbox;
  files: FileStore | null;
  stripe?: StripeAccount | null;
  now?: () => number;
};
/** A voucher step inside the caller's transaction: the transaction, with the app's settings and clock. */
export type VoucherTx = Pick<VoucherDeps, 'env' | 'now'> & { tx: DbOrTx };
export type VoucherRow = typeof voucher.$inferSelect;

/** 16 signs drawn by the system's cryptographic generator from an alphabet with no look-alikes: not guessable. */
export function newVoucherCode(): string {
  let code = '';
  for (let i = 0; i < VOUCHER_CODE_LENGTH; i++) code += VOUCHER_CODE_ALPHABET[randomInt(VOUCHER_CODE_ALPHABET.length)];
  return code;
}

/**
 * What the voucher is for, as the holder (and anyone seeing the PDF, the email or the card statement) reads it: a
 * sensual treatment is a "massage", never named (decision 052).
 */
export function voucherLabel(
  env: Env,
  row: Pick<VoucherRow, 'kind' | 'serviceName' | 'durationMinutes' | 'style' | 'valuePence'>,
) {
  if (row.kind === 'amount') return `${money(row.valuePence, env)} gift voucher`;
  const name = row.style === 'sensual' || !row.serviceName ? 'massage' : row.serviceName;
  return `${row.durationMinutes}-minute ${name}`;
}

export const forPosting = (row: VoucherRow): VoucherForPosting => ({
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
    label: voucherLabel(env, row),
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

export async function viewsOf(deps: { db: DbOrTx; env: Env }, rows: VoucherRow[]): Promise<Voucher[]> {
  const { db, env } = deps;
  const ids = rows.map((row) => row.id);
  const redemptions = ids.length
    ? await db.select().from(voucherRedemption).where(inArray(voucherRedemption.voucherId, ids))
    : [];
  return rows.map((row) => viewOf(row, redemptions, env));
}

export function voucherRefusal(
  env: Env,
  request: { row: VoucherRow | undefined; amountPence: number; today: string },
): AppError {
  const { row, amountPence, today } = request;
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
 * A penny of a single-purpose voucher can carry no net amount once its VAT is rounded (the VAT was counted at sale):
 * nothing then moves in the books.
 */
export async function postIfAny(tx: DbOrTx, request: { draft: EntryDraft; by: string | null }) {
  const { draft, by } = request;
  if (draft.lines.length >= 2) await postJournalEntry(tx, { draft, createdBy: by });
}
