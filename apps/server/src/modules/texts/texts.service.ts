import {
  AppError,
  type ContactPreference,
  contactPreferenceInput,
  type OutboxText,
  type TextSettings,
  textSettingsInput,
} from '@app/shared';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { booking, contactPreference, textOutbox, textSettings } from '../../db/schema.ts';
import { saveSingleRow } from '../../lib/single-row.ts';
import { parseInput } from '../../lib/validation.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type Actor, type InputRequest, type RowRequest, requireRole } from '../auth/actor.ts';
import { isPhoneVerified } from './booking-texts.ts';
import { readTextSettings, type TextEnv, textsEnabled } from './text-settings.ts';

export async function getTextSettings(deps: { db: Db; env: TextEnv }, { actor }: { actor: Actor | null }) {
  requireRole(actor, 'admin');
  return readTextSettings(deps.db, deps.env);
}

export async function updateTextSettings(
  deps: { db: Db; env: TextEnv },
  { actor, input }: InputRequest,
): Promise<TextSettings> {
  const admin = requireRole(actor, 'admin');
  const changes = parseInput(textSettingsInput, input);
  await deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(textSettings).where(eq(textSettings.id, 1));
    const templates = { ...(current?.templates ?? {}), ...(changes.templates ?? {}) };
    const values = { ...changes, templates };
    await saveSingleRow(tx, textSettings, values);
    await recordAudit(tx, {
      actor: admin,
      action: 'text-settings.updated',
      entityType: 'setting',
      entityId: 'texts',
      before: null,
      after: changes,
    });
  });
  return readTextSettings(deps.db, deps.env);
}

const outboxTextOf = (row: typeof textOutbox.$inferSelect): OutboxText => ({
  id: row.id,
  kind: row.kind,
  channel: row.channel,
  recipient: row.recipient,
  body: row.body,
  status: row.status,
  bookingId: row.bookingId,
  lastError: row.lastError,
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
});

/** A booking's texts and whether its client's number is verified, for the owner's booking sheet. */
export async function bookingTexts(db: Db, { actor, id }: RowRequest) {
  requireRole(actor, 'admin');
  const [row] = await db.select({ clientId: booking.clientId }).from(booking).where(eq(booking.id, id));
  if (!row) throw new AppError('NOT_FOUND', 'No such booking.');
  const texts = await db
    .select()
    .from(textOutbox)
    .where(eq(textOutbox.bookingId, id))
    .orderBy(desc(textOutbox.createdAt));
  return { phoneVerified: await isPhoneVerified(db, row.clientId), texts: texts.map(outboxTextOf) };
}

/** The last hundred texts, for the owner's outbox. */
export async function listTexts(db: Db, { actor }: { actor: Actor | null }): Promise<OutboxText[]> {
  requireRole(actor, 'admin');
  const rows = await db.select().from(textOutbox).orderBy(desc(textOutbox.createdAt)).limit(100);
  return rows.map(outboxTextOf);
}

export async function getContactPreference(
  deps: { db: Db; env: TextEnv },
  { actor }: { actor: Actor | null },
): Promise<ContactPreference> {
  if (!actor) throw new AppError('UNAUTHENTICATED', 'Sign in first.');
  const [row] = await deps.db.select().from(contactPreference).where(eq(contactPreference.userId, actor.id));
  return {
    channel: row?.channel ?? 'both',
    phone: row?.phone ?? null,
    phoneVerified: Boolean(row?.phoneVerifiedAt),
    textsEnabled: textsEnabled(deps.env),
  };
}

/** The client's own choice of email, text or both. */
export async function setContactPreference(
  deps: { db: Db; env: TextEnv },
  { actor, input }: InputRequest,
): Promise<ContactPreference> {
  if (!actor) throw new AppError('UNAUTHENTICATED', 'Sign in first.');
  const { channel } = parseInput(contactPreferenceInput, input);
  await deps.db
    .insert(contactPreference)
    .values({ userId: actor.id, channel })
    .onConflictDoUpdate({ target: contactPreference.userId, set: { channel } });
  return getContactPreference(deps, { actor });
}
