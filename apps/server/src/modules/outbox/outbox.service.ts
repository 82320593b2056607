import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { type DrizzleTransactionLike, fromDrizzle, type JobWithMetadata, type PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { Db, DbOrTx } from '../../db/client.ts';
import { type EmailAttachment, emailOutbox } from '../../db/schema.ts';
import { runOnCron } from '../../lib/jobs.ts';
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
/** Emails one server sends at the same time. */
const EMAILS_AT_ONCE = 10;

export type OutboxOptions = {
  db: Db;
  logger: Logger;
  /** Absent: emails are kept as 'captured' and logged instead of sent. */
  mailer?: Mailer;
  messageIdDomain: string;
  retryLimit: number;
  retryDelaySeconds: number;
  /** A server killed mid-send stops beating: after this long its emails go back to the queue for another server. */
  heartbeatSeconds: number;
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
    const deliverOptions = {
      retryLimit: options.retryLimit,
      retryDelay: options.retryDelaySeconds,
      retryBackoff: true,
      retryDelayMax: 3600,
      // Instead of waiting for the job's expiry (pg-boss gives them back at its next supervision after that).
      heartbeatSeconds: options.heartbeatSeconds,
    };
    await queue.createQueue(DELIVER_QUEUE, { policy: 'stately', ...deliverOptions });
    await queue.updateQueue(DELIVER_QUEUE, deliverOptions);
    // Emails enqueued from here on are sent at once (the server answers requests while its jobs start); those
    // enqueued before wait for the sweep below.
    boss = queue;
    // Up to EMAILS_AT_ONCE emails are sent side by side per server; while batches come back full the worker fetches
    // the next at once. Each job succeeds or fails on its own, so one refused address retries alone.
    await queue.work<{ id: string }>(
      DELIVER_QUEUE,
      {
        includeMetadata: true,
        pollingIntervalSeconds: 1,
        batchSize: EMAILS_AT_ONCE,
        burstWhenBatchFull: true,
        perJobResults: true,
      },
      async (jobs) =>
        Promise.all(
          (jobs as JobWithMetadata<{ id: string }>[]).map(async (job) => {
            try {
              await deliver(job.data.id, { isLast: job.retryCount >= job.retryLimit });
              return { id: job.id, status: 'completed' as const };
            } catch (error) {
              return { id: job.id, status: 'failed' as const, output: { message: (error as Error).message } };
            }
          }),
        ),
    );
    await runOnCron(queue, SWEEP_QUEUE, '*/5 * * * *', sweep);
    await sweep();
  }

  return { enqueue, deliver, sweep, start };
}
