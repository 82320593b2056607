import { formatVoucherCode } from '@app/shared';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { voucher } from '../../db/schema.ts';
import { now, todayOf } from '../../lib/clock.ts';
import { publicUrlOf } from '../auth/auth.ts';
import { getBusinessDetails } from '../business/business.service.ts';
import { emailBrandOf } from '../emails/emails.service.ts';
import type { PdfBrand } from '../invoices/invoice-pdf.ts';
import { money } from '../invoices/invoices.service.ts';
import type { FileStore } from '../storage/file-store.ts';
import { documentBrandOf } from '../website/website.service.ts';
import { type VoucherDeps, voucherLabel } from './voucher-rules.ts';

/**
 * Every issued voucher whose send date has come and that has an address goes to the outbox once, its PDF attached:
 * to the recipient of a gift, else to the buyer. Run by a job, and straight after an issue for one due today.
 */
export async function sendDueVoucherEmails(deps: VoucherDeps, request: { onlyId?: string } = {}): Promise<number> {
  const { onlyId } = request;
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
  const business = await getBusinessDetails({ db: deps.db, env: deps.env });
  const emailBrand = await emailBrandOf(deps.db, { publicUrl: publicUrl, businessName: business.businessName });
  let sent = 0;
  for (const row of due) {
    const { renderVoucherPdf } = await import('./voucher-pdf.ts');
    const label = voucherLabel(deps.env, row);
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
  const brand = await documentBrandOf({ db, files }, { publicUrl });
  const logo = brand.logo && files ? await brand.logo.jpeg().catch(() => null) : null;
  return { color: brand.color, logo, fonts: brand.fonts };
}
