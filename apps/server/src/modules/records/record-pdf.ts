/// <reference path="../invoices/pdfkit.d.ts" />
import type { ClientRecord } from '@app/shared';
import PDFDocument from 'pdfkit';
import { formatForClient } from '../../lib/zoned-time.ts';
import { bytesOf } from '../invoices/invoice-pdf.ts';

const LEFT = 50;
const WIDTH = 495; // A4 is 595 points wide
const GREY = '#444444';

/** A client's record as an insurer or professional body asks for it: questionnaires with consent, then the notes. */
export async function renderClientRecordPdf(
  record: ClientRecord,
  facts: { businessName: string; timeZone: string; locale: string; printedAt: number },
): Promise<Buffer> {
  const when = (iso: string) => formatForClient(new Date(iso), facts.timeZone, facts.locale);
  const doc = new PDFDocument({
    size: 'A4',
    margin: LEFT,
    info: { Title: `Client record - ${record.client.name}`, Author: facts.businessName },
  });
  const done = bytesOf(doc);
  const heading = (text: string) => {
    doc
      .moveDown(1)
      .font('Helvetica-Bold')
      .fontSize(14)
      .fillColor('black')
      .text(text, LEFT, undefined, { width: WIDTH });
    doc.moveDown(0.3);
  };
  const line = (label: string, value: string) =>
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor('black')
      .text(`${label}: ${value || '-'}`, { width: WIDTH });

  const small = (text: string) => doc.font('Helvetica').fontSize(9).fillColor(GREY).text(text, { width: WIDTH });

  doc.font('Helvetica-Bold').fontSize(18).text(facts.businessName, { width: WIDTH });
  doc.font('Helvetica').fontSize(12).text(`Client record: ${record.client.name} (${record.client.email})`);
  small(`Printed ${formatForClient(facts.printedAt, facts.timeZone, facts.locale)}. Confidential health information.`);

  heading('Health questionnaires and consent');
  if (record.healthRecords.length === 0) small('No questionnaire on record.');
  for (const form of record.healthRecords) {
    doc.moveDown(0.5);
    line(
      'Signed',
      `${when(form.signedAt)} by typed name "${form.signatureName}" (questionnaire version ${form.questionnaireVersion})`,
    );
    for (const answer of form.answers) line(`${answer.redFlag ? '[RED FLAG] ' : ''}${answer.label}`, answer.answer);
    if (form.redFlag)
      small(
        form.acknowledgedAt ? `Red flag acknowledged ${when(form.acknowledgedAt)}.` : 'Red flag not yet acknowledged.',
      );
    small(`Consent signed: ${form.consentText}`);
  }

  heading('Treatment notes');
  if (record.notes.length === 0) small('No treatment notes.');
  for (const note of record.notes) {
    doc.moveDown(0.5);
    line('Session note', `${when(note.createdAt)} by ${note.authorName}${note.locked ? '' : ' (still editable)'}`);
    line('Subjective', note.subjective);
    line('Objective / areas worked', [note.areas.join(', '), note.objective].filter(Boolean).join('. '));
    line('Treatment', note.treatment);
    line('Plan', note.plan);
    for (const amendment of note.amendments)
      line(`Amendment ${when(amendment.createdAt)} by ${amendment.authorName}`, amendment.text);
  }
  doc.end();
  return done;
}
