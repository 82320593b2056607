import { type TextKind, toE164 } from '@app/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type booking, contactPreference, textOptOut, textOutbox } from '../../db/schema.ts';
import { formatForClient } from '../../lib/zoned-time.ts';
import { publicUrlOf } from '../auth/auth.ts';
import { enqueueText } from './text-outbox.ts';
import { readTextSettings, renderText, type TextEnv, textsEnabled } from './text-settings.ts';

type BookingRow = typeof booking.$inferSelect;

/**
 * The number a booking's texts go to, or null when the client is not to be texted: their verified number first,
 * then the one on the booking; none when they chose email only or the number is not one that can be texted.
 */
export async function textRecipientOf(tx: DbOrTx, row: Pick<BookingRow, 'clientId' | 'clientPhone'>) {
  const [preference] = row.clientId
    ? await tx.select().from(contactPreference).where(eq(contactPreference.userId, row.clientId))
    : [];
  if (preference?.channel === 'email') return null;
  if (preference?.phone && preference.phoneVerifiedAt) return preference.phone;
  return row.clientPhone ? toE164(row.clientPhone) : null;
}

/**
 * Whether the client chose texts only and can be texted: then the booking's emails that have a text are not sent to
 * them (the owner's emails still are). Anyone who cannot be texted keeps their emails, whatever they chose.
 */
export async function textsInsteadOfEmail(
  deps: { tx: DbOrTx; env: TextEnv },
  row: Pick<BookingRow, 'clientId' | 'clientPhone'>,
): Promise<boolean> {
  if (!row.clientId || !textsEnabled(deps.env)) return false;
  const [preference] = await deps.tx.select().from(contactPreference).where(eq(contactPreference.userId, row.clientId));
  if (preference?.channel !== 'text') return false;
  const to = await textRecipientOf(deps.tx, row);
  // A number that replied STOP gets no texts: its client keeps the emails.
  const [stopped] = to ? await deps.tx.select().from(textOptOut).where(eq(textOptOut.phone, to)) : [];
  return to !== null && !stopped;
}

/**
 * Queues one of a booking's texts in the caller's transaction. Neutral wording for every style: the business's
 * name and the time, never the treatment (decision 072). Nothing happens while Twilio is not configured.
 */
export async function queueBookingText(
  deps: { tx: DbOrTx; env: TextEnv },
  request: { kind: Exclude<TextKind, 'phone.code'>; row: BookingRow; dedupeKey?: string; link?: string },
): Promise<string | null> {
  const { tx, env } = deps;
  const { kind, row } = request;
  if (!textsEnabled(env)) return null;
  const to = await textRecipientOf(tx, row);
  if (!to) return null;
  const settings = await readTextSettings(tx, env);
  const body = renderText(settings.templates[kind], {
    business: env.BUSINESS_NAME,
    when: formatForClient(row.startsAt, env.BUSINESS_TIME_ZONE, env.BUSINESS_LOCALE),
    link: request.link ?? `${publicUrlOf(env)}/bookings`,
  });
  return enqueueText(tx, {
    kind,
    recipient: to,
    body,
    channel: settings.whatsapp ? 'whatsapp' : 'sms',
    bookingId: row.id,
    dedupeKey: request.dedupeKey,
  });
}

/** The texts of one booking, newest first, for its sheet. */
export async function textsOfBooking(tx: DbOrTx, bookingId: string) {
  return tx
    .select()
    .from(textOutbox)
    .where(and(eq(textOutbox.bookingId, bookingId)))
    .orderBy(sql`${textOutbox.createdAt} desc`);
}

/** Whether a client's number is verified, for the owner's booking sheet. */
export async function isPhoneVerified(tx: DbOrTx, userId: string | null): Promise<boolean> {
  if (!userId) return false;
  const [row] = await tx.select().from(contactPreference).where(eq(contactPreference.userId, userId));
  return Boolean(row?.phoneVerifiedAt);
}
