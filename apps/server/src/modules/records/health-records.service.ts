// The client's questionnaire and consent, and what the owner sees of it before an appointment.
import {
  AppError,
  type BookingRecordStatus,
  entityIdSchema,
  healthFormInput,
  type MyQuestionnaire,
  type Question,
  type QuestionnaireStatus,
} from '@app/shared';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { booking, healthRecord } from '../../db/schema.ts';
import { parseInput } from '../../lib/validation.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type Actor, type InputRequest, type QueryRequest, type RowRequest, requireRole } from '../auth/actor.ts';
import { seal } from './records-crypto.ts';
import { healthContext, type SealedHealthForm } from './records-read.ts';
import { currentRecordsSettings } from './records-settings.ts';

export type RecordsDeps = { db: Db; recordsKey: Buffer; now?: () => number };

/** The moment a questionnaire signed at `signedAt` is out of date. */
export function renewalDue(signedAt: Date, renewMonths: number): Date {
  const due = new Date(signedAt);
  due.setUTCMonth(due.getUTCMonth() + renewMonths);
  return due;
}

/** Whether an answer is one the owner marked as a red flag ('*' on a text question: any answer at all). */
export function isRedFlag(question: Question, answer: string): boolean {
  if (!answer) return false;
  return question.redFlagAnswers.some((flag) => flag === '*' || flag.toLowerCase() === answer.toLowerCase());
}

/** Checks the answers against the questions; returns them in the questionnaire's order, with their red flags. */
export function answersOf(questions: Question[], answers: Record<string, string>) {
  const unknown = Object.keys(answers).find((id) => !questions.some((q) => q.id === id));
  if (unknown) throw new AppError('VALIDATION', `answers.${unknown}: There is no such question; reload the form.`);
  return questions.map((question) => {
    const answer = answers[question.id]?.trim() ?? '';
    if (question.required && !answer)
      throw new AppError('VALIDATION', `answers.${question.id}: Please answer "${question.label}"`);
    if (answer && question.kind === 'yes_no' && answer !== 'yes' && answer !== 'no')
      throw new AppError('VALIDATION', `answers.${question.id}: Answer yes or no`);
    if (answer && question.kind === 'choice' && !question.options.includes(answer))
      throw new AppError('VALIDATION', `answers.${question.id}: Choose one of ${question.options.join(', ')}`);
    return { questionId: question.id, label: question.label, answer, redFlag: isRedFlag(question, answer) };
  });
}

export async function myQuestionnaire(deps: RecordsDeps, { actor }: { actor: Actor | null }): Promise<MyQuestionnaire> {
  const client = requireRole(actor, 'user');
  const settings = await currentRecordsSettings(deps.db);
  const [last] = await deps.db
    .select({ signedAt: healthRecord.signedAt })
    .from(healthRecord)
    .where(eq(healthRecord.clientId, client.id))
    .orderBy(desc(healthRecord.signedAt))
    .limit(1);
  const now = deps.now?.() ?? Date.now();
  const status = !last
    ? 'missing'
    : renewalDue(last.signedAt, settings.renewMonths).getTime() <= now
      ? 'due'
      : 'up_to_date';
  return {
    version: settings.version,
    questions: settings.questions,
    consentText: settings.consentText,
    status,
    lastSignedAt: last?.signedAt.toISOString() ?? null,
  };
}

/** The client fills in the questionnaire and signs: kept sealed with the exact questions and consent they saw. */
export async function submitHealthForm(deps: RecordsDeps, { actor, input }: InputRequest) {
  const client = requireRole(actor, 'user');
  const form = parseInput(healthFormInput, input);
  const settings = await currentRecordsSettings(deps.db);
  const answers = answersOf(settings.questions, form.answers);
  const sealed: SealedHealthForm = {
    answers,
    consentText: settings.consentText,
    signatureName: form.signatureName,
  };
  const [row] = await deps.db
    .insert(healthRecord)
    .values({
      clientId: client.id,
      questionnaireVersion: settings.version,
      sealed: seal(deps.recordsKey, sealed, healthContext(client.id)),
      redFlag: answers.some((a) => a.redFlag),
      signedAt: new Date(deps.now?.() ?? Date.now()),
    })
    .returning({ id: healthRecord.id, signedAt: healthRecord.signedAt });
  if (!row) throw new Error('health record not stored');
  return { id: row.id, signedAt: row.signedAt.toISOString() };
}

/** Where one client's questionnaire stands for an appointment at `at`. */
export function statusAt(
  latest: { signedAt: Date; redFlag: boolean; acknowledgedAt: Date | null } | undefined,
  at: Date,
  renewMonths: number,
): QuestionnaireStatus {
  if (!latest) return 'missing';
  if (latest.redFlag && !latest.acknowledgedAt) return 'red_flag';
  return renewalDue(latest.signedAt, renewMonths) <= at ? 'due' : 'up_to_date';
}

const statusesQuery = z.object({
  bookingIds: z
    .string()
    .transform((text) => text.split(',').filter(Boolean))
    .pipe(z.array(entityIdSchema).min(1, 'Name at least one booking').max(200)),
});

/** The booking sheet's and the day's list's line per booking; no health text, only where the form stands. */
export async function bookingRecordStatuses(
  deps: RecordsDeps,
  { actor, query }: QueryRequest,
): Promise<Record<string, BookingRecordStatus>> {
  requireRole(actor, 'admin');
  const { bookingIds } = parseInput(statusesQuery, query);
  const settings = await currentRecordsSettings(deps.db);
  const bookings = await deps.db
    .select({ id: booking.id, clientId: booking.clientId, startsAt: booking.startsAt })
    .from(booking)
    .where(inArray(booking.id, bookingIds));
  const clientIds = [...new Set(bookings.flatMap((b) => (b.clientId ? [b.clientId] : [])))];
  const records = clientIds.length
    ? await deps.db
        .select({
          id: healthRecord.id,
          clientId: healthRecord.clientId,
          signedAt: healthRecord.signedAt,
          redFlag: healthRecord.redFlag,
          acknowledgedAt: healthRecord.acknowledgedAt,
        })
        .from(healthRecord)
        .where(inArray(healthRecord.clientId, clientIds))
        .orderBy(desc(healthRecord.signedAt))
    : [];
  const result: Record<string, BookingRecordStatus> = {};
  for (const b of bookings) {
    // A booking without a client account has no questionnaire to ask for.
    if (!b.clientId) continue;
    const latest = records.find((r) => r.clientId === b.clientId);
    result[b.id] = {
      status: statusAt(latest, b.startsAt, settings.renewMonths),
      healthRecordId: latest?.id ?? null,
      acknowledgedAt: latest?.acknowledgedAt?.toISOString() ?? null,
    };
  }
  return result;
}

/** The owner has read the red flag: recorded with who and when, and in the audit log. */
export async function acknowledgeRedFlag(deps: RecordsDeps, { actor, id }: RowRequest) {
  const owner = requireRole(actor, 'admin');
  const recordId = parseInput(entityIdSchema, id);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(healthRecord)
      .set({ acknowledgedAt: new Date(deps.now?.() ?? Date.now()), acknowledgedBy: owner.id })
      .where(and(eq(healthRecord.id, recordId), eq(healthRecord.redFlag, true)))
      .returning({ id: healthRecord.id, clientId: healthRecord.clientId, acknowledgedAt: healthRecord.acknowledgedAt });
    if (!row) throw new AppError('NOT_FOUND', 'There is no red flag to acknowledge on that questionnaire.');
    await auditRecords(tx, owner, 'red_flag_acknowledged', row.clientId);
    return { id: row.id, acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null };
  });
}

/** Every opening of a client's records is in the audit log, naming the client only by id. */
export async function auditRecords(tx: DbOrTx, actor: Actor, action: string, clientId: string) {
  await recordAudit(tx, { actor, action, entityType: 'client_record', entityId: clientId, before: null, after: null });
}
