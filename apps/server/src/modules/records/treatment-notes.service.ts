// Treatment notes: written from the booking sheet, editable for 24 hours, then locked and only amended.
import {
  AppError,
  amendTreatmentNoteInput,
  createTreatmentNoteInput,
  editTreatmentNoteInput,
  entityIdSchema,
} from '@app/shared';
import { eq } from 'drizzle-orm';
import { booking, treatmentNote, treatmentNoteAmendment } from '../../db/schema.ts';
import { parseInput } from '../../lib/validation.ts';
import { type Actor, type InputRequest, type RowInputRequest, requireRole } from '../auth/actor.ts';
import type { RecordsDeps } from './health-records.service.ts';
import { auditRecords } from './health-records.service.ts';
import { seal } from './records-crypto.ts';
import { amendmentContext, isLocked, noteContext, treatmentNotesOf } from './records-read.ts';

export async function writeTreatmentNote(deps: RecordsDeps, { actor, input }: InputRequest) {
  const owner = requireRole(actor, 'admin');
  const { bookingId, ...fields } = parseInput(createTreatmentNoteInput, input);
  return deps.db.transaction(async (tx) => {
    const [found] = await tx.select({ clientId: booking.clientId }).from(booking).where(eq(booking.id, bookingId));
    if (!found) throw new AppError('NOT_FOUND', 'There is no such booking.');
    if (!found.clientId)
      throw new AppError('VALIDATION', 'This booking has no client account: notes are kept on a client’s record.');
    const now = new Date(deps.now?.() ?? Date.now());
    const [row] = await tx
      .insert(treatmentNote)
      .values({
        clientId: found.clientId,
        bookingId,
        authorId: owner.id,
        authorName: owner.name,
        sealed: seal(deps.recordsKey, fields, noteContext(found.clientId)),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: treatmentNote.id });
    if (!row) throw new Error('note not stored');
    await auditRecords(tx, owner, 'treatment_note_written', found.clientId);
    return { id: row.id };
  });
}

/** Within 24 hours of writing, the note itself changes; after that the owner adds an amendment instead. */
export async function editTreatmentNote(deps: RecordsDeps, { actor, id, input }: RowInputRequest) {
  const owner = requireRole(actor, 'admin');
  const noteId = parseInput(entityIdSchema, id);
  const fields = parseInput(editTreatmentNoteInput, input);
  return deps.db.transaction(async (tx) => {
    const [note] = await tx.select().from(treatmentNote).where(eq(treatmentNote.id, noteId)).for('update');
    if (!note) throw new AppError('NOT_FOUND', 'There is no such note.');
    if (isLocked(note.createdAt, deps.now?.() ?? Date.now()))
      throw new AppError('TOO_LATE_TO_CHANGE', 'This note is locked 24 hours after it was written: add an amendment.');
    await tx
      .update(treatmentNote)
      .set({ sealed: seal(deps.recordsKey, fields, noteContext(note.clientId)) })
      .where(eq(treatmentNote.id, noteId));
    await auditRecords(tx, owner, 'treatment_note_edited', note.clientId);
    return { id: noteId };
  });
}

export async function amendTreatmentNote(deps: RecordsDeps, { actor, id, input }: RowInputRequest) {
  const owner = requireRole(actor, 'admin');
  const noteId = parseInput(entityIdSchema, id);
  const { text } = parseInput(amendTreatmentNoteInput, input);
  return deps.db.transaction(async (tx) => {
    const [note] = await tx
      .select({ clientId: treatmentNote.clientId })
      .from(treatmentNote)
      .where(eq(treatmentNote.id, noteId));
    if (!note) throw new AppError('NOT_FOUND', 'There is no such note.');
    const [row] = await tx
      .insert(treatmentNoteAmendment)
      .values({
        noteId,
        authorId: owner.id,
        authorName: owner.name,
        sealed: seal(deps.recordsKey, { text }, amendmentContext(noteId)),
        createdAt: new Date(deps.now?.() ?? Date.now()),
      })
      .returning({ id: treatmentNoteAmendment.id });
    await auditRecords(tx, owner, 'treatment_note_amended', note.clientId);
    return { id: row?.id };
  });
}

/**
 * What the booking sheet shows for notes: this booking's notes and the plan of the client's last note before it.
 * Opens sealed notes, so it is audited.
 */
export async function bookingNotes(
  deps: RecordsDeps,
  { actor, bookingId }: { actor: Actor | null; bookingId: string },
) {
  const owner = requireRole(actor, 'admin');
  const id = parseInput(entityIdSchema, bookingId);
  const [found] = await deps.db.select({ clientId: booking.clientId }).from(booking).where(eq(booking.id, id));
  if (!found) throw new AppError('NOT_FOUND', 'There is no such booking.');
  if (!found.clientId) return { hasClient: false, notes: [], lastPlan: null };
  const clientId = found.clientId;
  const notes = await treatmentNotesOf(deps.db, deps.recordsKey, clientId, deps.now?.() ?? Date.now());
  const earlier = notes.filter((n) => n.bookingId !== id && n.plan);
  await auditRecords(deps.db, owner, 'treatment_notes_read', clientId);
  return {
    hasClient: true,
    notes: notes.filter((n) => n.bookingId === id),
    lastPlan: earlier.at(-1)?.plan ?? null,
  };
}
