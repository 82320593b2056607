// Opening a client's sealed records: for the owner's view and PDF (audited by the caller) and for the client's own
// data download. Reads only; the personal-data module uses it without the rest of the records module.
import {
  type ClientRecord,
  type HealthRecord,
  NOTE_EDIT_WINDOW_MS,
  type TreatmentNote,
  type TreatmentNoteFields,
} from '@app/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { healthRecord, treatmentNote, treatmentNoteAmendment } from '../../db/schema.ts';
import { unseal } from './records-crypto.ts';

/** What a health record's `sealed` column holds. */
export type SealedHealthForm = Pick<HealthRecord, 'answers' | 'consentText' | 'signatureName'>;

/** The additional data each kind of sealed value is bound to: copied to another client's row, it does not open. */
export const healthContext = (clientId: string) => `health_record:${clientId}`;
export const noteContext = (clientId: string) => `treatment_note:${clientId}`;
export const amendmentContext = (noteId: string) => `treatment_note_amendment:${noteId}`;

export async function healthRecordsOf(db: DbOrTx, key: Buffer, clientId: string): Promise<HealthRecord[]> {
  const rows = await db
    .select()
    .from(healthRecord)
    .where(eq(healthRecord.clientId, clientId))
    .orderBy(asc(healthRecord.signedAt));
  return rows.map((row) => ({
    id: row.id,
    questionnaireVersion: row.questionnaireVersion,
    signedAt: row.signedAt.toISOString(),
    redFlag: row.redFlag,
    acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
    ...unseal<SealedHealthForm>(key, row.sealed, healthContext(clientId)),
  }));
}

/** The client's notes in time order, each with its amendments beside it. */
export async function treatmentNotesOf(
  db: DbOrTx,
  key: Buffer,
  clientId: string,
  now = Date.now(),
): Promise<TreatmentNote[]> {
  const notes = await db
    .select()
    .from(treatmentNote)
    .where(eq(treatmentNote.clientId, clientId))
    .orderBy(asc(treatmentNote.createdAt));
  const amendments = notes.length
    ? await db
        .select()
        .from(treatmentNoteAmendment)
        .where(
          inArray(
            treatmentNoteAmendment.noteId,
            notes.map((n) => n.id),
          ),
        )
        .orderBy(asc(treatmentNoteAmendment.createdAt))
    : [];
  return notes.map((note) => ({
    id: note.id,
    bookingId: note.bookingId,
    authorName: note.authorName,
    createdAt: note.createdAt.toISOString(),
    updatedAt: note.updatedAt.toISOString(),
    locked: isLocked(note.createdAt, now),
    ...unseal<TreatmentNoteFields>(key, note.sealed, noteContext(clientId)),
    amendments: amendments
      .filter((a) => a.noteId === note.id)
      .map((a) => ({
        id: a.id,
        authorName: a.authorName,
        createdAt: a.createdAt.toISOString(),
        text: unseal<{ text: string }>(key, a.sealed, amendmentContext(a.noteId)).text,
      })),
  }));
}

export function isLocked(createdAt: Date, now: number): boolean {
  return now - createdAt.getTime() >= NOTE_EDIT_WINDOW_MS;
}

/** Everything the practice holds about one client's health and treatment. */
export async function clientRecordOf(
  db: DbOrTx,
  key: Buffer,
  client: ClientRecord['client'],
  now = Date.now(),
): Promise<ClientRecord> {
  return {
    client,
    healthRecords: await healthRecordsOf(db, key, client.id),
    notes: await treatmentNotesOf(db, key, client.id, now),
  };
}
