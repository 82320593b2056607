import { AppError } from '@app/shared';
import type { Db, DbOrTx } from '../../db/client.ts';
import { requireRole } from '../auth/actor.ts';
import { publicUrlOf } from '../auth/auth.ts';
import { businessDetailsOf } from '../business/business.service.ts';
import { composeEmail } from '../emails/emails.service.ts';
import type { Outbox } from '../outbox/outbox.service.ts';
import type { FileStore } from '../storage/file-store.ts';
import { documentBrandOf } from '../website/website.service.ts';
import type { PdfBrand } from './invoice-pdf.ts';
import {
  auditInvoice,
  detailOf,
  findInvoice,
  type InvoiceDeps,
  type InvoiceEnv,
  type InvoiceRequest,
  invoiceSettingsRow,
  settingsView,
} from './invoice-state.ts';
import { money } from './invoices.service.ts';

/** pdfkit is loaded when the first PDF is written: the server does not hold its 30 MB until then. */
const renderPdf: typeof import('./invoice-pdf.ts').renderInvoicePdf = async (...args) =>
  (await import('./invoice-pdf.ts')).renderInvoicePdf(...args);

/** What the documents of an invoice need besides the invoice: the logo from the file store, the outbox to send. */
export type InvoiceDocumentDeps = InvoiceDeps & { files: FileStore; outbox: Outbox };

/** The invoice and what the PDF prints around it. */
async function invoiceForDocument(tx: DbOrTx, { id, env }: { id: string; env: InvoiceEnv }) {
  const found = await findInvoice(tx, { id });
  const [detail, settings] = await Promise.all([detailOf(tx, { row: found, env }), invoiceSettingsRow(tx)]);
  const business = businessDetailsOf(settings, { ...env, BUSINESS_AREA: '' });
  return { detail, settings: settingsView(settings), streetAddress: business.streetAddress, business };
}

/** The PDF of an invoice, a credit note or a draft (marked DRAFT, without a number). */
export async function invoicePdf(
  { db, env, files }: Omit<InvoiceDocumentDeps, 'outbox'>,
  { actor, id }: InvoiceRequest & { id: string },
) {
  requireRole(actor, 'admin');
  const document = await invoiceForDocument(db, { id, env });
  const bytes = await renderPdf(document, env, await pdfBrandOf(db, files, env));
  const name = document.detail.status === 'draft' ? `draft-invoice-${id.slice(0, 8)}` : document.detail.label;
  return { bytes, filename: `${name}.pdf` };
}

/** The brand colour and the logo's bytes; a logo the store cannot give back leaves the name alone at the top. */
async function pdfBrandOf(db: Db, files: FileStore, env: InvoiceEnv): Promise<PdfBrand> {
  const brand = await documentBrandOf({ db, files }, { publicUrl: publicUrlOf(env) });
  const logo = brand.logo ? await brand.logo.jpeg().catch(() => null) : null;
  return { color: brand.color, logo, fonts: brand.fonts };
}

/**
 * Emails an issued invoice to its client with the PDF attached, through the outbox (written in the
 * same transaction as the audit, so a rollback sends nothing).
 */
export async function sendInvoice(
  { db, env, files, outbox }: InvoiceDocumentDeps,
  { actor, id }: InvoiceRequest & { id: string },
) {
  const admin = requireRole(actor, 'admin');
  // Read before the transaction: the logo's bytes may come from a bucket, and a slow one must not hold it open.
  const brand = await pdfBrandOf(db, files, env);
  return db.transaction(async (tx) => {
    const document = await invoiceForDocument(tx, { id, env });
    const { detail } = document;
    if (detail.status === 'draft') throw new AppError('CONFLICT', 'Issue the invoice before emailing it.');
    if (!detail.billToEmail)
      throw new AppError('VALIDATION', 'This invoice has no email address: add one to the client first.');
    const bytes = await renderPdf(document, env, brand);
    const isCredit = detail.kind === 'credit_note';
    const due = isCredit || detail.status === 'void' ? 0 : Math.max(0, detail.totalPence - detail.amountPaidPence);
    const email = await composeEmail(tx, {
      kind: 'invoice',
      to: detail.billToEmail,
      variables: {
        clientName: detail.billToName,
        document: isCredit ? 'credit note' : 'invoice',
        label: detail.label,
        total: money(detail.totalPence, env),
        // Nothing due: the line 'Amount due ... by ...' is left out altogether.
        amountDue: due === 0 ? '' : money(due, env),
        dueDate:
          due === 0 || !detail.dueDate
            ? ''
            : new Intl.DateTimeFormat(env.BUSINESS_LOCALE, {
                timeZone: 'UTC',
                day: 'numeric',
                month: 'long',
                year: 'numeric',
              }).format(new Date(`${detail.dueDate}T00:00:00Z`)),
        footer: document.settings.invoiceFooter,
        businessName: env.BUSINESS_NAME,
      },
      attachments: [
        { filename: `${detail.label}.pdf`, contentType: 'application/pdf', contentBase64: bytes.toString('base64') },
      ],
      publicUrl: publicUrlOf(env),
    });
    const emailId = await outbox.enqueue(tx, email);
    await auditInvoice(tx, {
      admin,
      action: 'invoice.sent',
      id,
      before: null,
      after: { to: detail.billToEmail, emailId },
    });
    return { emailId, to: detail.billToEmail };
  });
}
