import type { TextKind } from '@app/shared';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { type TextChannel, textOptOut, textOutbox } from '../../db/schema.ts';
import type { TextSender } from './twilio-sender.ts';

export type OutgoingText = {
  kind: TextKind;
  recipient: string;
  body: string;
  channel: TextChannel;
  bookingId?: string | null;
  dedupeKey?: string;
};

export const MAX_TEXT_ATTEMPTS = 5;
/** A text claimed this long ago and never settled was claimed by a worker that died: it is never sent again. */
const STRANDED_AFTER_MS = 5 * 60_000;

/** Writes a text in the caller's transaction; null when the number said STOP or the key was used already. */
export async function enqueueText(tx: DbOrTx, text: OutgoingText): Promise<string | null> {
  const [stopped] = await tx.select().from(textOptOut).where(eq(textOptOut.phone, text.recipient));
  if (stopped) return null;
  const [row] = await tx
    .insert(textOutbox)
    .values({
      kind: text.kind,
      recipient: text.recipient,
      body: text.body,
      channel: text.channel,
      bookingId: text.bookingId ?? null,
      dedupeKey: text.dedupeKey,
    })
    .onConflictDoNothing({ target: textOutbox.dedupeKey })
    .returning({ id: textOutbox.id });
  return row?.id ?? null;
}

type Claimed = { id: string; recipient: string; body: string; channel: TextChannel; attempts: number };

/**
 * Takes the next text due, marking it 'sending' in the same statement: SKIP LOCKED lets two instances take two
 * different texts, and the status check makes a text taken once never taken again (decision 072).
 */
async function claimNext(db: Db, now: number): Promise<Claimed | null> {
  // The database keeps microseconds, the clock milliseconds: a text queued within this millisecond is due too.
  const dueBefore = new Date(now + 1);
  const result = await db.execute(sql`
    update ${textOutbox} set status = 'sending', attempts = attempts + 1, updated_at = ${new Date(now)}
     where id = (select id from ${textOutbox}
                  where status = 'queued' and next_attempt_at < ${dueBefore}
                  order by next_attempt_at limit 1 for update skip locked)
       and status = 'queued'
    returning id, recipient, body, channel, attempts`);
  const row = (result as unknown as { rows: Claimed[] }).rows[0];
  return row ?? null;
}

/** Whether the provider surely did not take the text (it can be tried again without sending it twice). */
function surelyNotSent(error: unknown): boolean {
  const e = error as { status?: number; code?: string | number; cause?: { code?: string } };
  const code = String(e.code ?? e.cause?.code ?? '');
  if (['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH'].includes(code)) return true;
  // Twilio answered: a 429 or a 5xx means it did not create the message.
  return e.status === 429 || (typeof e.status === 'number' && e.status >= 500);
}

/** Sends every text due; answers how many were handed to the provider. */
export async function deliverDueTexts(deps: {
  db: Db;
  sender: TextSender | null;
  statusCallback?: string;
  logger?: { warn(o: object, m: string): void };
  now?: () => number;
}): Promise<number> {
  const { db, sender } = deps;
  if (!sender) return 0;
  const clock = deps.now ?? Date.now;
  await db
    .update(textOutbox)
    .set({ status: 'unknown', lastError: 'The sender stopped while sending: not sent again, to never send it twice.' })
    .where(and(eq(textOutbox.status, 'sending'), lt(textOutbox.updatedAt, new Date(clock() - STRANDED_AFTER_MS))));
  let sent = 0;
  for (let text = await claimNext(db, clock()); text; text = await claimNext(db, clock())) {
    try {
      const answer = await sender({
        to: text.recipient,
        body: text.body,
        channel: text.channel,
        statusCallback: deps.statusCallback,
      });
      await db
        .update(textOutbox)
        .set({ status: 'sent', providerId: answer.providerId, sentAt: new Date(clock()), lastError: null })
        .where(and(eq(textOutbox.id, text.id), eq(textOutbox.status, 'sending')));
      sent++;
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const retry = surelyNotSent(error) && text.attempts < MAX_TEXT_ATTEMPTS;
      // 21610: the number replied STOP to the sender; nothing more goes to it.
      if ((error as { code?: number }).code === 21610)
        await db.insert(textOptOut).values({ phone: text.recipient }).onConflictDoNothing();
      await db
        .update(textOutbox)
        .set({
          status: retry
            ? 'queued'
            : surelyNotSent(error) || (error as { status?: number }).status
              ? 'failed'
              : 'unknown',
          lastError: message,
          // 30 s, 1, 2, 4 min…: the provider is given time to come back.
          nextAttemptAt: new Date(clock() + 30_000 * 2 ** (text.attempts - 1)),
        })
        .where(eq(textOutbox.id, text.id));
      deps.logger?.warn({ textId: text.id, err: message, retry }, 'a text could not be sent');
    }
  }
  return sent;
}

const PROVIDER_STATUSES = {
  sent: 'sent',
  delivered: 'delivered',
  undelivered: 'undelivered',
  failed: 'failed',
} as const;

/** Twilio's status callback, its signature already checked: the text's delivery as the network reported it. */
export async function recordDeliveryStatus(
  db: Db,
  report: { providerId: string; status: string; errorCode?: string },
): Promise<boolean> {
  const status = PROVIDER_STATUSES[report.status as keyof typeof PROVIDER_STATUSES];
  if (!status) return false;
  // Reports arrive out of order: 'sent' never overwrites a final status.
  const from = status === 'sent' ? ['sending', 'sent', 'unknown'] : ['sending', 'sent', 'unknown', 'delivered'];
  const updated = await db
    .update(textOutbox)
    .set({ status, lastError: report.errorCode ? `Twilio error ${report.errorCode}` : null })
    .where(and(eq(textOutbox.providerId, report.providerId), inArray(textOutbox.status, from as never[])))
    .returning({ id: textOutbox.id });
  return updated.length > 0;
}

const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'REVOKE']);
const START_WORDS = new Set(['START', 'UNSTOP', 'YES', 'OPTIN']);

/** A reply to one of our texts: STOP turns texts to that number off, START back on. Anything else is ignored. */
export async function recordReply(
  db: Db,
  reply: { from: string; body: string },
): Promise<'stopped' | 'started' | null> {
  const phone = reply.from.replace(/^whatsapp:/, '');
  const word = reply.body.trim().toUpperCase();
  if (STOP_WORDS.has(word)) {
    await db.insert(textOptOut).values({ phone }).onConflictDoNothing();
    return 'stopped';
  }
  if (START_WORDS.has(word)) {
    await db.delete(textOptOut).where(eq(textOptOut.phone, phone));
    return 'started';
  }
  return null;
}
