// The practice's own records (decisions 068-070): health questionnaires with consent, treatment notes and
// their amendments. What a client said about their health and what was done in a session is sealed (AES-256-GCM
// under RECORDS_KEY, records-crypto.ts) in the `sealed` columns: a dump of the database alone reveals none of it.
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { booking } from './bookings.ts';
import { idAndTextParent, idAndUuidParent, timestampDefaultNow, timestamps, uuidPrimaryKey } from './columns.ts';

/** A question of the owner's health questionnaire: the owner marks which answers are red flags. */
export type StoredQuestion = {
  id: string;
  label: string;
  kind: 'yes_no' | 'choice' | 'text';
  options: string[];
  required: boolean;
  /** Answers that must be read by the owner before the appointment (for text: any answer given). */
  redFlagAnswers: string[];
};

/** The owner's one questionnaire, its consent text and the periods that govern the records (a single row). */
export const recordsSettings = pgTable('records_settings', {
  id: text('id').primaryKey().default('practice'),
  /** Goes up by one at each change of questions or consent: each filled form keeps the version it answered. */
  version: integer('version').notNull().default(1),
  questions: jsonb('questions').$type<StoredQuestion[]>().notNull(),
  consentText: text('consent_text').notNull(),
  /** A questionnaire older than this is asked again before the next appointment. */
  renewMonths: integer('renew_months').notNull().default(12),
  /** Records are deleted this many years after the client's last appointment. */
  retentionYears: integer('retention_years').notNull().default(8),
  ...timestamps,
});

/**
 * One filled questionnaire with its signed consent. `sealed` holds the questions as asked, the answers, the consent
 * wording and the typed name; `redFlag` (whether any answer is one the owner marked) stays readable so the day's list
 * can show it without opening every record.
 */
export const healthRecord = pgTable(
  'health_record',
  {
    ...idAndTextParent('clientId', 'client_id', () => user.id),
    questionnaireVersion: integer('questionnaire_version').notNull(),
    sealed: text('sealed').notNull(),
    redFlag: boolean('red_flag').notNull(),
    signedAt: timestampDefaultNow('signed_at'),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: text('acknowledged_by'),
    ...timestamps,
  },
  (table) => [index('health_record_client_idx').on(table.clientId, table.signedAt)],
);

/** A treatment note in the SOAP shape, sealed; editable for 24 hours from `createdAt`, then only amended. */
export const treatmentNote = pgTable(
  'treatment_note',
  {
    ...idAndTextParent('clientId', 'client_id', () => user.id),
    bookingId: uuid('booking_id').references(() => booking.id, { onDelete: 'set null' }),
    authorId: text('author_id').notNull(),
    authorName: text('author_name').notNull(),
    sealed: text('sealed').notNull(),
    ...timestamps,
  },
  (table) => [
    index('treatment_note_client_idx').on(table.clientId, table.createdAt),
    index('treatment_note_booking_idx').on(table.bookingId),
  ],
);

/** A change to a locked note, kept beside the original: the original is never rewritten. */
export const treatmentNoteAmendment = pgTable(
  'treatment_note_amendment',
  {
    ...idAndUuidParent('noteId', 'note_id', () => treatmentNote.id),
    authorId: text('author_id').notNull(),
    authorName: text('author_name').notNull(),
    sealed: text('sealed').notNull(),
    createdAt: timestampDefaultNow('created_at'),
  },
  (table) => [index('treatment_note_amendment_note_idx').on(table.noteId)],
);

/** A screening question the owner asks of new clients: how they found the business, who sent them. */
export type StoredScreeningQuestion = { id: string; label: string; kind: 'text' | 'choice'; options: string[] };

/** The owner's screening of new clients (a single row): the questions, and whether a verified email is required. */
export const screeningSettings = pgTable('screening_settings', {
  id: text('id').primaryKey().default('practice'),
  questions: jsonb('questions').$type<StoredScreeningQuestion[]>().notNull().default([]),
  /** A new client's request reaches the owner only once their email address is verified (held until then). */
  requireVerifiedEmail: boolean('require_verified_email').notNull().default(false),
  ...timestamps,
});

/** A new client's answers to the screening questions, kept with the wording they answered, one set per booking. */
export const screeningAnswer = pgTable('screening_answer', {
  bookingId: uuid('booking_id')
    .primaryKey()
    .references(() => booking.id, { onDelete: 'cascade' }),
  answers: jsonb('answers').$type<{ questionId: string; label: string; answer: string }[]>().notNull(),
  createdAt: timestampDefaultNow('created_at'),
});

/**
 * The owner's private reason for declining a request or blocking a client: never in anything the client sees (the
 * decline's message to the client is a separate text, emailed as before).
 */
export const privateReason = pgTable(
  'private_reason',
  {
    id: uuidPrimaryKey('id'),
    kind: text('kind', { enum: ['declined', 'blocked'] }).notNull(),
    clientId: text('client_id').references(() => user.id, { onDelete: 'cascade' }),
    bookingId: uuid('booking_id').references(() => booking.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    authorId: text('author_id').notNull(),
    createdAt: timestampDefaultNow('created_at'),
  },
  (table) => [
    index('private_reason_client_idx').on(table.clientId, table.createdAt),
    index('private_reason_booking_idx').on(table.bookingId),
  ],
);
