import { AppError, invoiceLabel, invoicePaymentInput, invoiceRefundInput, type RecordPaymentInput } from '@app/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { invoice, payment } from '../../db/schema.ts';
import { parseInput } from '../../lib/validation.ts';
import { localDateOf } from '../../lib/zoned-time.ts';
import type { Actor } from '../auth/actor.ts';
import { postJournalEntry } from '../ledger/ledger.service.ts';
import { invoicePaymentEntry, invoiceRefundEntry } from '../ledger/postings.ts';
import { recordPayment } from '../payments/payments.service.ts';
import {
  auditInvoice,
  detailOf,
  findInvoice,
  type InvoiceEnv,
  type InvoiceRow,
  invoiceVerb,
  openStatuses,
  paidStatus,
} from './invoice-state.ts';
import { money } from './invoices.service.ts';

// Money against an invoice: received while it is owed, paid back once a credit note has cancelled it. The `payment`
// rows are the payments module's; this file asks it to write them and posts what they mean for the invoice.

/** The payment or refund row for money against an invoice, as the admin recorded it, and its journal entry. */
async function recordMoney(
  tx: DbOrTx,
  {
    found,
    admin,
    kind,
    data,
    env,
  }: { found: InvoiceRow; admin: Actor; kind: 'payment' | 'refund'; data: RecordPaymentInput; env: InvoiceEnv },
) {
  const row = await recordPayment(tx, {
    bookingId: found.bookingId,
    clientId: found.clientId,
    invoiceId: found.id,
    kind,
    amountPence: data.amountPence,
    method: data.method,
    paidAt: data.paidAt ? new Date(data.paidAt) : new Date(),
    note: data.note,
    recordedBy: admin.id,
  });
  const label = invoiceLabel(found.series, found.number);
  const moved = {
    date: localDateOf(row.paidAt.getTime(), env.BUSINESS_TIME_ZONE),
    amountPence: row.amountPence,
    method: row.method,
  };
  await postJournalEntry(tx, {
    draft:
      kind === 'payment'
        ? invoicePaymentEntry({ paymentId: row.id, ...moved, description: `Payment of invoice ${label}` })
        : invoiceRefundEntry({ refundId: row.id, ...moved, description: `Refund on cancelled invoice ${label}` }),
    createdBy: admin.id,
  });
  return row;
}

/** Money received against an issued invoice, fully or in part; never more than is outstanding. */
export const recordInvoicePayment = invoiceVerb(
  (raw) => parseInput(invoicePaymentInput, raw),
  async (tx, { admin, data, found, env, id }) => {
    if (found.kind !== 'invoice' || !(openStatuses as readonly string[]).includes(found.status))
      throw new AppError(
        'CONFLICT',
        found.status === 'draft'
          ? 'Issue the invoice before recording a payment.'
          : found.status === 'paid'
            ? 'This invoice is paid in full.'
            : 'This invoice takes no payment.',
      );
    const outstanding = found.totalPence - found.amountPaidPence;
    if (data.amountPence > outstanding)
      throw new AppError('VALIDATION', `Only ${money(outstanding, env)} is outstanding.`);
    const row = await recordMoney(tx, { found, admin, kind: 'payment', data, env });
    const amountPaidPence = found.amountPaidPence + row.amountPence;
    await tx
      .update(invoice)
      .set({ amountPaidPence, status: paidStatus(found.totalPence, amountPaidPence) })
      .where(eq(invoice.id, id));
    await auditInvoice(tx, {
      admin,
      action: 'invoice.payment',
      id,
      before: { amountPaidPence: found.amountPaidPence },
      after: { amountPaidPence, amountPence: row.amountPence, method: row.method },
    });
    return detailOf(tx, { row: await findInvoice(tx, { id }), env });
  },
);

/** Money paid back on a cancelled invoice: at most what was paid on it less what was refunded already. */
export const recordInvoiceRefund = invoiceVerb(
  (raw) => parseInput(invoiceRefundInput, raw),
  async (tx, { admin, data, found, env, id }) => {
    if (found.kind !== 'invoice' || found.status !== 'void')
      throw new AppError('CONFLICT', 'Issue a credit note before refunding an invoice.');
    const [refunded] = await tx
      .select({ sum: sql<number>`coalesce(sum(${payment.amountPence}), 0)`.mapWith(Number) })
      .from(payment)
      .where(and(eq(payment.invoiceId, id), eq(payment.kind, 'refund')));
    const refundable = found.amountPaidPence - (refunded?.sum ?? 0);
    if (data.amountPence > refundable)
      throw new AppError(
        'VALIDATION',
        refundable > 0 ? `At most ${money(refundable, env)} can be refunded.` : 'Nothing is owed back on this invoice.',
      );
    const row = await recordMoney(tx, { found, admin, kind: 'refund', data, env });
    await auditInvoice(tx, {
      admin,
      action: 'invoice.refund',
      id,
      before: null,
      after: { amountPence: row.amountPence, method: row.method },
    });
    return detailOf(tx, { row: await findInvoice(tx, { id }), env });
  },
);
