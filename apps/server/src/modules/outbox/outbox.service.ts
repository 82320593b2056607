import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { type DrizzleTransactionLike, fromDrizzle, type JobWithMetadata, type PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { Db, DbOrTx } from '../../db/client.ts';
import { type EmailAttachment, emailOutbox } from '../../db/schema.ts';
import type { Mailer } from './mailer.ts';

export type OutgoingEmail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: EmailAttachment[];
  /** What caused the email, e.g. 'auth.verify-email'. */
  kind: string;
  /** An email with a key is written once only; a second enqueue with it is a no-op. */
  dedupeKey?: string;
};

export const DELIVER_QUEUE = 'email-deliver';
const SWEEP_QUEUE = 'email-sweep';

export type OutboxOptions = {
  db: Db;
  logger: Logger;
  /** Absent: emails are kept as 'captured' and logged instead of sent. */
  mailer?: Mailer;
  messageIdDomain: string;
  retryLimit: number;
  retryDelaySeconds: number;
};

export type Outbox = ReturnType<typeof createOutbox>;

/**
 * Every email is a row first, written in the caller's transaction together with its delivery job,
 * so a crash after the commit loses nothing and a rollback sends nothing.
 */
export function createOutbox(options: OutboxOptions) {
  const { db, logger, mailer } = options;
  let boss: PgBoss | undefined;

  /** Returns the new row's id, or null when an email with the same dedupe key exists already. */
  async function enqueue(tx: DbOrTx, email: OutgoingEmail): Promise<string | null> {
    const [row] = await tx
      .insert(emailOutbox)
      .values({
        recipient: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        attachments: email.attachments ?? [],
        kind: email.kind,
        dedupeKey: email.dedupeKey,
      })
      .onConflictDoNothing({ target: emailOutbox.dedupeKey })
      .returning({ id: emailOutbox.id });
    if (!row) return null;
    // Without a running queue (the CLI, say) the row waits for the next sweep.
    if (boss)
      await boss.send(
        DELIVER_QUEUE,
        { id: row.id },
        { singletonKey: row.id, db: fromDrizzle(tx as unknown as DrizzleTransactionLike, sql) },
      );
    return row.id;
  }

  /** One delivery attempt; throws on an SMTP failure so the queue retries with back-off. */
  async function deliver(id: string, attempt: { isLast: boolean }): Promise<void> {
    const [claimed] = await db
      .update(emailOutbox)
      .set({ status: 'sending', attempts: sql`${emailOutbox.attempts} + 1` })
      .where(and(eq(emailOutbox.id, id), inArray(emailOutbox.status, ['pending', 'sending'])))
      .returning();
    if (!claimed) return; // already sent, captured or given up: never send twice
    if (!mailer) {
      await db.update(emailOutbox).set({ status: 'captured' }).where(eq(emailOutbox.id, id));
      logger.info(
        { emailId: id, to: claimed.recipient, subject: claimed.subject, kind: claimed.kind },
        'email captured (no SMTP configured)',
      );
      return;
    }
    try {
      await mailer({
        messageId: `<${id}@${options.messageIdDomain}>`,
        to: claimed.recipient,
        subject: claimed.subject,
        text: claimed.text,
        html: claimed.html,
        attachments: claimed.attachments,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await db
        .update(emailOutbox)
        .set({ status: attempt.isLast ? 'failed' : 'pending', lastError: message.slice(0, 1000) })
        .where(eq(emailOutbox.id, id));
      logger.warn({ emailId: id, err: message, lastAttempt: attempt.isLast }, 'email delivery failed');
      throw error;
    }
    await db
      .update(emailOutbox)
      .set({ status: 'sent', sentAt: new Date(), lastError: null })
      .where(eq(emailOutbox.id, id));
    logger.info({ emailId: id, kind: claimed.kind }, 'email sent');
  }

  /** Queues rows that have no live job: written while no queue ran, or stranded by a crash. */
  async function sweep(): Promise<number> {
    if (!boss) return 0;
    const stale = new Date(Date.now() - 60_000);
    const rows = await db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        sql`${emailOutbox.status} = 'pending' or (${emailOutbox.status} = 'sending' and ${lt(emailOutbox.updatedAt, stale)})`,
      )
      .limit(500);
    for (const row of rows) await boss.send(DELIVER_QUEUE, { id: row.id }, { singletonKey: row.id });
    return rows.length;
  }

  async function start(queue: PgBoss): Promise<void> {
    boss = queue;
    await queue.createQueue(DELIVER_QUEUE, {
      policy: 'stately',
      retryLimit: options.retryLimit,
      retryDelay: options.retryDelaySeconds,
      retryBackoff: true,
      retryDelayMax: 3600,
    });
    await queue.createQueue(SWEEP_QUEUE, { policy: 'singleton' });
    await queue.work<{ id: string }>(
      DELIVER_QUEUE,
      { includeMetadata: true, pollingIntervalSeconds: 1 },
      async ([job]) => {
        const meta = job as JobWithMetadata<{ id: string }> | undefined;
        if (meta) await deliver(meta.data.id, { isLast: meta.retryCount >= meta.retryLimit });
      },
    );
    await queue.work(SWEEP_QUEUE, async () => {
      await sweep();
    });
    await queue.schedule(SWEEP_QUEUE, '*/5 * * * *');
    await sweep();
  }

  return { enqueue, deliver, sweep, start };
}
