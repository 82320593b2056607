/// <reference path="./pdfkit.d.ts" />
import {
  type BusinessDetails,
  formatVatRate,
  type InvoiceDetail,
  type InvoiceSettings,
  type SiteFonts,
  vatByRate,
} from '@app/shared';
import PDFDocument from 'pdfkit';
import type { InvoiceEnv } from './invoice-state.ts';
import { money } from './invoices.service.ts';
import { pdfTypeOf } from './pdf-type.ts';

export type InvoiceDocument = {
  detail: InvoiceDetail;
  settings: InvoiceSettings;
  streetAddress: string;
  /** The owner's business details (falling back to the environment's). */
  business: Pick<BusinessDetails, 'businessName' | 'email' | 'phone'>;
};

/** The business's look on its documents: the colour that reads on white, and the logo as JPEG bytes. */
export type PdfBrand = { color: string; logo: Buffer | null; fonts?: SiteFonts };

const LEFT = 50;
const RIGHT = 545; // A4 is 595 points wide
const GREY = '#444444';

/** The document's bytes, once it has ended. */
export function bytesOf(doc: PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/**
 * A band of the brand colour along the top, then the logo at the left margin: where the text under it starts. An
 * unreadable logo is left out, and the document still goes out with the business's name alone.
 */
export function brandTop(doc: PDFDocument, brand: PdfBrand, left: number): number {
  doc.rect(0, 0, 595, 8).fill(brand.color);
  if (!brand.logo) return 50;
  try {
    doc.image(brand.logo, left, 50, { fit: [160, 56] });
    return 114;
  } catch {
    return 50;
  }
}

/** A4, in the site's typefaces (pdf-type.ts), or Helvetica (a PDF standard font, nothing embedded, '£' included). */
export function renderInvoicePdf(
  { detail, settings, streetAddress, business }: InvoiceDocument,
  env: InvoiceEnv,
  brand: PdfBrand = { color: '#000000', logo: null },
): Promise<Buffer> {
  const isDraft = detail.status === 'draft';
  const kindTitle = detail.kind === 'credit_note' ? 'Credit note' : 'Invoice';
  const title = isDraft ? `DRAFT ${kindTitle.toLowerCase()}` : `${kindTitle} ${detail.label}`;
  const doc = new PDFDocument({
    size: 'A4',
    margin: LEFT,
    info: { Title: `${title} - ${business.businessName}`, Author: business.businessName },
  });
  const done = bytesOf(doc);
  const type = pdfTypeOf(doc, brand.fonts);
  const price = (pence: number) => money(pence, env);
  const day = (date: string | null) =>
    date
      ? new Intl.DateTimeFormat(env.BUSINESS_LOCALE, {
          timeZone: 'UTC',
          day: 'numeric',
          month: 'long',
          year: 'numeric',
        }).format(new Date(`${date}T00:00:00Z`))
      : '';

  // The business (its logo above its name), top left, under a band of its colour.
  const top = brandTop(doc, brand, LEFT);
  doc.font(type.heading).fontSize(18).fillColor(brand.color).text(business.businessName, LEFT, top, { width: 280 });
  doc.font(type.text).fontSize(10).fillColor(GREY);
  const businessLines = [
    ...streetAddress.split('\n'),
    business.email,
    business.phone,
    settings.vatRegistered && settings.vatNumber ? `VAT number: ${settings.vatNumber}` : '',
  ].filter((line) => line.trim() !== '');
  for (const line of businessLines) doc.text(line, { width: 280 });
  const businessBottom = doc.y;

  // The document, top right.
  doc
    .font(type.heading)
    .fontSize(20)
    .fillColor(brand.color)
    .text(isDraft ? 'DRAFT' : kindTitle, 330, 50, {
      width: RIGHT - 330,
      align: 'right',
    });
  doc.font(type.text).fontSize(10).fillColor('black');
  const facts = isDraft
    ? [`${kindTitle} not yet issued: no number`]
    : [
        `Number: ${detail.label}`,
        `Issue date: ${day(detail.issueDate)}`,
        detail.dueDate ? `Due date: ${day(detail.dueDate)}` : '',
        detail.creditedInvoiceLabel ? `Cancels invoice ${detail.creditedInvoiceLabel}` : '',
      ].filter(Boolean);
  for (const fact of facts) doc.text(fact, 330, doc.y, { width: RIGHT - 330, align: 'right' });

  // Bill to.
  let y = Math.max(businessBottom, doc.y) + 25;
  doc.font(type.strong).fontSize(10).fillColor(GREY).text('Bill to', LEFT, y);
  doc.font(type.text).fillColor('black');
  for (const line of [detail.billToName, detail.billToEmail ?? '', ...detail.billToAddress.split('\n')].filter(
    (line) => line.trim() !== '',
  ))
    doc.text(line, LEFT, doc.y, { width: 300 });

  // Lines.
  const columns = {
    description: { x: LEFT, width: 215 },
    quantity: { x: 270, width: 40 },
    unit: { x: 315, width: 80 },
    vat: { x: 400, width: 50 },
    amount: { x: 455, width: RIGHT - 455 },
  };
  y = doc.y + 20;
  const header = (top: number) => {
    doc.font(type.strong).fontSize(10).fillColor('black');
    doc.text('Description', columns.description.x, top, { width: columns.description.width });
    doc.text('Qty', columns.quantity.x, top, { width: columns.quantity.width, align: 'right' });
    doc.text('Unit price', columns.unit.x, top, { width: columns.unit.width, align: 'right' });
    doc.text('VAT', columns.vat.x, top, { width: columns.vat.width, align: 'right' });
    // With VAT charged, line amounts are before VAT; the VAT is added below, by rate.
    doc.text(settings.vatRegistered ? 'Net amount' : 'Amount', columns.amount.x, top, {
      width: columns.amount.width,
      align: 'right',
    });
    doc
      .moveTo(LEFT, top + 14)
      .lineTo(RIGHT, top + 14)
      .strokeColor('#999999')
      .lineWidth(0.5)
      .stroke();
    return top + 20;
  };
  y = header(y);
  doc.font(type.text).fontSize(10);
  for (const line of detail.lines) {
    const height = Math.max(14, doc.heightOfString(line.description, { width: columns.description.width }));
    if (y + height > 760) {
      doc.addPage();
      y = header(50);
      doc.font(type.text).fontSize(10);
    }
    doc.text(line.description, columns.description.x, y, { width: columns.description.width });
    doc.text(String(line.quantity), columns.quantity.x, y, { width: columns.quantity.width, align: 'right' });
    doc.text(price(line.unitPricePence), columns.unit.x, y, { width: columns.unit.width, align: 'right' });
    doc.text(formatVatRate(line.vatRateBp), columns.vat.x, y, { width: columns.vat.width, align: 'right' });
    doc.text(price(line.netPence), columns.amount.x, y, { width: columns.amount.width, align: 'right' });
    y += height + 6;
  }

  // Totals.
  const totals: [string, string, boolean?][] = [['Subtotal', price(detail.subtotalPence)]];
  for (const rate of vatByRate(detail.lines))
    totals.push([`VAT at ${formatVatRate(rate.vatRateBp)} on ${price(rate.netPence)}`, price(rate.vatPence)]);
  totals.push(['Total', price(detail.totalPence), true]);
  if (detail.kind === 'invoice' && !isDraft) {
    totals.push(['Paid', price(detail.amountPaidPence)]);
    if (detail.refundedPence > 0) totals.push(['Refunded', price(detail.refundedPence)]);
    totals.push([
      'Amount due',
      price(detail.status === 'void' ? 0 : Math.max(0, detail.totalPence - detail.amountPaidPence)),
      true,
    ]);
  }
  if (y + totals.length * 16 > 760) {
    doc.addPage();
    y = 50;
  }
  y += 6;
  doc
    .moveTo(300, y - 4)
    .lineTo(RIGHT, y - 4)
    .strokeColor('#999999')
    .lineWidth(0.5)
    .stroke();
  for (const [label, value, strong] of totals) {
    doc.font(strong ? type.strong : type.text).fontSize(10);
    doc.text(label, 300, y, { width: 150 });
    doc.text(value, 455, y, { width: RIGHT - 455, align: 'right' });
    y += 16;
  }
  if (detail.status === 'void')
    doc.font(type.strong).text('Cancelled by a credit note.', 300, y, { width: RIGHT - 300 });

  // Notes and footer.
  doc.font(type.text).fontSize(10).fillColor('black');
  y = doc.y + 24;
  if (detail.notes) {
    doc.text(detail.notes, LEFT, y, { width: RIGHT - LEFT });
    y = doc.y + 12;
  }
  if (settings.invoiceFooter) doc.fillColor(GREY).text(settings.invoiceFooter, LEFT, y, { width: RIGHT - LEFT });
  doc.end();
  return done;
}
