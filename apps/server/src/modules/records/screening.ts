// Screening new clients: the owner's questions for new clients, their answers after booking, and
// the owner's private reasons for a decline or a block, which no client-facing answer or email ever carries.
import {
  AppError,
  entityIdSchema,
  type PrivateReason,
  type ScreeningSettings,
  screeningAnswersInput,
  screeningSettingsInput,
} from '@app/shared';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { booking, privateReason, screeningAnswer, screeningSettings, user } from '../../db/schema.ts';
import { parseInput } from '../../lib/validation.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type Actor, type InputRequest, requireRole } from '../auth/actor.ts';

/** The one row of screening settings: no questions and no gate until the owner chooses them. */
export async function currentScreening(db: DbOrTx): Promise<ScreeningSettings> {
  const [row] = await db.select().from(screeningSettings).where(eq(screeningSettings.id, 'practice'));
  return { questions: row?.questions ?? [], requireVerifiedEmail: row?.requireVerifiedEmail ?? false };
}

export async function getScreening(db: Db, { actor }: { actor: Actor | null }) {
  requireRole(actor, 'admin');
  return currentScreening(db);
}

export async function updateScreening(db: Db, { actor, input }: InputRequest) {
  const owner = requireRole(actor, 'admin');
  const settings = parseInput(screeningSettingsInput, input);
  return db.transaction(async (tx) => {
    await tx
      .insert(screeningSettings)
      .values({ id: 'practice', ...settings })
      .onConflictDoUpdate({ target: screeningSettings.id, set: { ...settings, updatedAt: new Date() } });
    await recordAudit(tx, {
      actor: owner,
      action: 'screening_settings_updated',
      entityType: 'setting',
      entityId: 'screening',
      before: null,
      after: { questions: settings.questions.length, requireVerifiedEmail: settings.requireVerifiedEmail },
    });
    return currentScreening(tx);
  });
}

/**
 * The questions a client is asked for one of their own bookings: none once answered, and none for a client the
 * owner already knows (a booking before this one).
 */
export async function bookingScreening(db: Db, { actor, bookingId }: { actor: Actor | null; bookingId: string }) {
  const client = requireRole(actor, 'user');
  const id = parseInput(entityIdSchema, bookingId);
  const row = await clientsOwnBooking(db, { clientId: client.id, bookingId: id });
  const [answered] = await db.select().from(screeningAnswer).where(eq(screeningAnswer.bookingId, row.id));
  const earlier = await db
    .select({ id: booking.id })
    .from(booking)
    .where(and(eq(booking.clientId, client.id), eq(booking.status, 'completed')))
    .limit(1);
  if (answered || earlier.length > 0) return { questions: [] };
  return { questions: (await currentScreening(db)).questions };
}

/** A new client answers the screening questions for their booking, once; a choice must be one of its options. */
export async function answerScreening(
  db: Db,
  { actor, bookingId, input }: { actor: Actor | null; bookingId: string; input: unknown },
) {
  const client = requireRole(actor, 'user');
  const id = parseInput(entityIdSchema, bookingId);
  const { answers } = parseInput(screeningAnswersInput, input);
  return db.transaction(async (tx) => {
    await clientsOwnBooking(tx, { clientId: client.id, bookingId: id });
    const { questions } = await currentScreening(tx);
    const kept = questions.flatMap((question) => {
      const answer = answers[question.id]?.trim() ?? '';
      if (!answer) return [];
      if (question.kind === 'choice' && !question.options.includes(answer))
        throw new AppError('VALIDATION', `Choose one of the answers offered to "${question.label}".`);
      return [{ questionId: question.id, label: question.label, answer }];
    });
    const [saved] = await tx
      .insert(screeningAnswer)
      .values({ bookingId: id, answers: kept })
      .onConflictDoNothing()
      .returning();
    if (!saved) throw new AppError('CONFLICT', 'You have already answered these questions for this booking.');
    return { answered: kept.length };
  });
}

async function clientsOwnBooking(db: DbOrTx, { clientId, bookingId }: { clientId: string; bookingId: string }) {
  const [row] = await db
    .select({ id: booking.id })
    .from(booking)
    .where(and(eq(booking.id, bookingId), eq(booking.clientId, clientId)));
  // Someone else's booking is as absent as one that does not exist.
  if (!row) throw new AppError('NOT_FOUND', 'There is no such booking.');
  return row;
}

/**
 * The owner's gate: a new client's online request is not taken until their email address is confirmed.
 * A client with a completed visit is known, and passes. Said plainly, with what to do: nothing is sent to the owner.
 */
export async function assertEmailVerifiedIfRequired(tx: DbOrTx, clientId: string) {
  const { requireVerifiedEmail } = await currentScreening(tx);
  if (!requireVerifiedEmail) return;
  const [person] = await tx.select({ verified: user.emailVerified }).from(user).where(eq(user.id, clientId));
  if (person?.verified) return;
  const [known] = await tx
    .select({ id: booking.id })
    .from(booking)
    .where(and(eq(booking.clientId, clientId), eq(booking.status, 'completed')))
    .limit(1);
  if (known) return;
  throw new AppError(
    'FORBIDDEN',
    'Your request has not been sent yet: please confirm your email address first (your account page sends a new link), then book again.',
  );
}

/** Kept in the same transaction as the decline or the block it explains; an empty reason keeps nothing. */
export async function keepPrivateReason(
  tx: DbOrTx,
  entry: { kind: PrivateReason['kind']; reason: string; clientId: string | null; bookingId: string | null; by: string },
) {
  if (!entry.reason.trim()) return;
  await tx.insert(privateReason).values({
    kind: entry.kind,
    reason: entry.reason.trim(),
    clientId: entry.clientId,
    bookingId: entry.bookingId,
    authorId: entry.by,
  });
}

/** The owner's private reasons about a client (by account) or, for a guest, about this one booking. */
export async function privateReasonsOf(
  db: DbOrTx,
  { clientId, bookingId }: { clientId: string | null; bookingId: string | null },
): Promise<PrivateReason[]> {
  const where = clientId
    ? eq(privateReason.clientId, clientId)
    : bookingId
      ? eq(privateReason.bookingId, bookingId)
      : null;
  if (!where) return [];
  const rows = await db.select().from(privateReason).where(where).orderBy(desc(privateReason.createdAt));
  return rows.map((row) => ({
    kind: row.kind,
    reason: row.reason,
    bookingId: row.bookingId,
    at: row.createdAt.toISOString(),
  }));
}

/** For the client's sheet: the owner's private reasons about them, newest first. */
export async function clientPrivateReasons(db: Db, { actor, clientId }: { actor: Actor | null; clientId: string }) {
  requireRole(actor, 'admin');
  return {
    reasons: await privateReasonsOf(db, {
      clientId: parseInput(z.string().min(1).max(100), clientId),
      bookingId: null,
    }),
  };
}

export async function screeningAnswersOf(db: DbOrTx, bookingId: string) {
  const [row] = await db.select().from(screeningAnswer).where(eq(screeningAnswer.bookingId, bookingId));
  return (row?.answers ?? []).map(({ label, answer }) => ({ label, answer }));
}
