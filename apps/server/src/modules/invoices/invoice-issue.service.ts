import { AppError, creditNoteInput, invoiceLabel, issueDateProblem, issueInvoiceInput } from '@app/shared';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { booking, invoice, invoiceLine, payment, voucherRedemption } from '../../db/schema.ts';
import { parseInput } from '../../lib/validation.ts';
import { addDays } from '../../lib/zoned-time.ts';
import { coursePaidOf } from '../courses/course-sessions.ts';
import { postJournalEntry, salesVatRateBp } from '../ledger/ledger.service.ts';
import { creditNoteEntry, invoiceIssuedEntry, paymentAppliedToInvoiceEntry } from '../ledger/postings.ts';
import { assertOnlineMoneyInvoiceable } from '../payments/online-refunds.ts';
import { linkPaymentToInvoice } from '../payments/payments.service.ts';
import {
  auditInvoice,
  auditView,
  detailOf,
  findInvoice,
  invoiceSettingsRow,
  invoiceVerb,
  linesOf,
  nextNumber,
  paidStatus,
  requireVatAllowed,
  today,
} from './invoice-state.ts';

// Numbers are given here: an invoice when it is issued, a credit note when it cancels one (both without gaps).

/** Issues a draft: its number, dates and ledger posting; money already taken for its booking settles it. */
export const issueInvoice = invoiceVerb(
  (raw, env) => {
    const data = parseInput(issueInvoiceInput, raw ?? {});
    const problem = data.issueDate ? issueDateProblem(data.issueDate, today(env)) : null;
    if (problem) throw new AppError('VALIDATION', problem);
    return data;
  },
  async (tx, { admin, data, found, env, id }) => {
    if (found.status !== 'draft') throw new AppError('CONFLICT', 'This invoice is issued already.');
    const lines = await linesOf(tx, { invoiceId: id });
    if (lines.length === 0 || found.totalPence <= 0)
      throw new AppError('VALIDATION', 'An invoice needs at least one line and a total above zero.');
    await requireVatAllowed(tx, { lines });
    if (found.bookingId) {
      // A gift voucher's spending is already a sale (Dr 2310 / Cr sales, decision 051); an invoice would count it
      // again, and nothing yet applies a voucher to an invoice.
      const [spent] = await tx
        .select({ id: voucherRedemption.id })
        .from(voucherRedemption)
        .where(and(eq(voucherRedemption.bookingId, found.bookingId), isNull(voucherRedemption.returnedAt)))
        .limit(1);
      if (spent)
        throw new AppError(
          'CONFLICT',
          'A gift voucher paid towards this booking: its sale is already recorded, so it cannot be invoiced.',
        );
      // Likewise a session of a course (decision 081: Dr 2320 / Cr sales when the session was used).
      if ((await coursePaidOf(tx, { bookingId: found.bookingId })) > 0)
        throw new AppError(
          'CONFLICT',
          'A session of a course paid for this booking: its sale is already recorded, so it cannot be invoiced.',
        );
    }
    const issueDate = data.issueDate ?? today(env);
    const dueDays = (await invoiceSettingsRow(tx))?.invoiceDueDays ?? 14;
    const number = await nextNumber(tx, { series: 'INV' });
    const label = invoiceLabel('INV', number);
    await postJournalEntry(tx, {
      draft: invoiceIssuedEntry({
        invoiceId: id,
        date: issueDate,
        description: `Invoice ${label} to ${found.billToName}`,
        lines,
      }),
      createdBy: admin.id,
    });
    let paid = 0;
    if (found.bookingId) {
      // The booking's lock is the one a payment on the booking takes: none slips in unlinked while this commits.
      const [owner] = await tx.select().from(booking).where(eq(booking.id, found.bookingId)).for('update');
      await assertOnlineMoneyInvoiceable(tx, { bookingId: found.bookingId });
      const prior = await tx
        .select()
        .from(payment)
        .where(and(eq(payment.bookingId, found.bookingId), isNull(payment.invoiceId), eq(payment.kind, 'payment')))
        .orderBy(asc(payment.paidAt))
        .for('update');
      const rate = await salesVatRateBp(tx);
      for (const taken of prior) {
        await linkPaymentToInvoice(tx, { paymentId: taken.id, invoiceId: id });
        await postJournalEntry(tx, {
          draft: paymentAppliedToInvoiceEntry({
            paymentId: taken.id,
            date: issueDate,
            amountPence: taken.amountPence,
            sale: { style: owner?.style ?? null, serviceType: owner?.type ?? null, vatRateBp: rate },
            description: `Payment taken on the day applied to invoice ${label}`,
          }),
          createdBy: admin.id,
        });
        paid += taken.amountPence;
      }
    }
    await tx
      .update(invoice)
      .set({
        number,
        status: paidStatus(found.totalPence, paid),
        issueDate,
        dueDate: addDays(issueDate, dueDays),
        amountPaidPence: paid,
        issuedAt: new Date(),
      })
      .where(eq(invoice.id, id));
    const detail = await detailOf(tx, { row: await findInvoice(tx, { id }), env });
    await auditInvoice(tx, {
      admin,
      action: 'invoice.issued',
      id,
      before: { status: 'draft' },
      after: auditView(detail),
    });
    return detail;
  },
);

/**
 * Cancels an issued invoice the only lawful way: a credit note with its own number in the CN series,
 * mirroring the invoice's lines; the invoice becomes void. Money paid on it is then owed back.
 */
export const issueCreditNote = invoiceVerb(
  (raw) => parseInput(creditNoteInput, raw),
  async (tx, { admin, data, found, env, id }) => {
    if (found.kind !== 'invoice') throw new AppError('CONFLICT', 'A credit note cannot itself be credited.');
    if (found.status === 'draft') throw new AppError('CONFLICT', 'A draft has no number: delete it instead.');
    if (found.status === 'void') throw new AppError('CONFLICT', 'This invoice is cancelled already.');
    const lines = await linesOf(tx, { invoiceId: id });
    const number = await nextNumber(tx, { series: 'CN' });
    const label = invoiceLabel('CN', number);
    const issueDate = today(env);
    const [note] = await tx
      .insert(invoice)
      .values({
        kind: 'credit_note',
        series: 'CN',
        number,
        status: 'issued',
        clientId: found.clientId,
        billToName: found.billToName,
        billToEmail: found.billToEmail,
        billToAddress: found.billToAddress,
        issueDate,
        subtotalPence: found.subtotalPence,
        vatPence: found.vatPence,
        totalPence: found.totalPence,
        creditsInvoiceId: found.id,
        notes: data.reason,
        issuedAt: new Date(),
        createdBy: admin.id,
      })
      .returning();
    if (!note) throw new Error('credit note insert returned no row');
    await tx
      .insert(invoiceLine)
      .values(lines.map(({ id: _id, invoiceId: _invoiceId, ...line }) => ({ ...line, invoiceId: note.id })));
    await postJournalEntry(tx, {
      draft: creditNoteEntry({
        creditNoteId: note.id,
        date: issueDate,
        description: `Credit note ${label} cancelling invoice ${invoiceLabel(found.series, found.number)}`,
        lines,
      }),
      createdBy: admin.id,
    });
    await tx.update(invoice).set({ status: 'void' }).where(eq(invoice.id, id));
    await auditInvoice(tx, {
      admin,
      action: 'invoice.credited',
      id,
      before: { status: found.status },
      after: { status: 'void', creditNote: label, reason: data.reason },
    });
    await auditInvoice(tx, {
      admin,
      action: 'invoice.issued',
      id: note.id,
      before: null,
      after: { label, credits: found.id },
    });
    return detailOf(tx, { row: await findInvoice(tx, { id: note.id }), env });
  },
);
