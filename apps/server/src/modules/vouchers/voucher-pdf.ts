/// <reference path="../invoices/pdfkit.d.ts" />
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { brandTop, bytesOf, type PdfBrand } from '../invoices/invoice-pdf.ts';
import { pdfTypeOf } from '../invoices/pdf-type.ts';

export type VoucherDocument = {
  businessName: string;
  businessEmail: string;
  businessPhone: string;
  publicUrl: string;
  /** Formatted in groups of four. */
  code: string;
  /** What it is for, already discreet: an amount or "60-minute massage". */
  label: string;
  value: string;
  recipientName: string | null;
  buyerName: string;
  message: string;
  expires: string;
};

const LEFT = 50;
const WIDTH = 495; // A4 is 595 points wide
const GREY = '#444444';

/**
 * A4, in the site's typefaces (pdf-type.ts) or Helvetica (the message in Helvetica-Oblique: the site has no italic
 * files); the code large and as a QR code, so the till can read it from a phone.
 */
export async function renderVoucherPdf(voucher: VoucherDocument, brand: PdfBrand): Promise<Buffer> {
  const qr = await QRCode.toBuffer(voucher.code, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 300 });
  const doc = new PDFDocument({
    size: 'A4',
    margin: LEFT,
    info: { Title: `Gift voucher - ${voucher.businessName}`, Author: voucher.businessName },
  });
  const done = bytesOf(doc);
  const type = pdfTypeOf(doc, brand.fonts);

  const top = brandTop(doc, brand, LEFT);
  doc.font(type.heading).fontSize(18).fillColor(brand.color).text(voucher.businessName, LEFT, top, { width: WIDTH });
  doc.moveDown(1.5);
  doc.font(type.heading).fontSize(30).fillColor(brand.color).text('Gift voucher', { width: WIDTH, align: 'center' });
  doc.moveDown(0.5);
  doc.font(type.text).fontSize(16).fillColor('black').text(voucher.label, { width: WIDTH, align: 'center' });
  if (voucher.recipientName) {
    doc.moveDown(1);
    doc.fontSize(13).text(`For ${voucher.recipientName}`, { width: WIDTH, align: 'center' });
    doc.fontSize(11).fillColor(GREY).text(`From ${voucher.buyerName}`, { width: WIDTH, align: 'center' });
  }
  if (voucher.message) {
    doc.moveDown(1);
    doc
      .font('Helvetica-Oblique')
      .fontSize(12)
      .fillColor('black')
      .text(voucher.message, LEFT + 40, doc.y, {
        width: WIDTH - 80,
        align: 'center',
      });
  }
  doc.moveDown(1.5);
  doc.font(type.text).fontSize(10).fillColor(GREY).text('Your code', LEFT, doc.y, { width: WIDTH, align: 'center' });
  doc.font('Courier-Bold').fontSize(24).fillColor('black').text(voucher.code, { width: WIDTH, align: 'center' });
  const qrTop = doc.y + 12;
  doc.image(qr, LEFT + (WIDTH - 140) / 2, qrTop, { width: 140 });
  doc.y = qrTop + 152;
  doc.font(type.text).fontSize(11).fillColor('black');
  doc.text(`Worth ${voucher.value}. Valid until ${voucher.expires}.`, LEFT, doc.y, { width: WIDTH, align: 'center' });
  doc.moveDown(0.5);
  doc
    .fillColor(GREY)
    .text(`Book at ${voucher.publicUrl} and enter the code when you pay, or show it at your appointment.`, {
      width: WIDTH,
      align: 'center',
    });
  const contact = [voucher.businessEmail, voucher.businessPhone].filter(Boolean).join('  ·  ');
  if (contact) doc.text(contact, { width: WIDTH, align: 'center' });
  doc.end();
  return done;
}
