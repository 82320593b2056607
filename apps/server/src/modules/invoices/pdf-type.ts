/// <reference path="./pdfkit.d.ts" />
import { DEVICE_FONT, type SiteFonts } from '@app/shared';
import type PDFDocument from 'pdfkit';
import { siteFontWoff } from '../website/site-font-files.ts';

/** The fonts a document's text is set in: names registered with the document, or PDF standard fonts. */
export type PdfType = { heading: string; text: string; strong: string };

/**
 * The site's typefaces on invoices and vouchers, embedded (subset by pdfkit) from the same files the site
 * serves; with the device's own chosen, Helvetica as before (a standard font: nothing embedded).
 */
export function pdfTypeOf(doc: PDFDocument, fonts: SiteFonts | undefined): PdfType {
  const type: PdfType = { heading: 'Helvetica-Bold', text: 'Helvetica', strong: 'Helvetica-Bold' };
  if (fonts && fonts.heading !== DEVICE_FONT) {
    doc.registerFont('SiteHeading', siteFontWoff(fonts.heading, 600));
    type.heading = 'SiteHeading';
  }
  if (fonts && fonts.text !== DEVICE_FONT) {
    doc.registerFont('SiteText', siteFontWoff(fonts.text, 400));
    doc.registerFont('SiteTextStrong', siteFontWoff(fonts.text, 600));
    type.text = 'SiteText';
    type.strong = 'SiteTextStrong';
  }
  return type;
}
