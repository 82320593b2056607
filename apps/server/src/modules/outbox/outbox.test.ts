import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../db/schema.ts';
import { outboxSettled, startSmtpPeer, waitFor } from '../../test/smtp-peer.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';
import type { OutgoingEmail } from './outbox.service.ts';

let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({ SMTP_URL: smtp.url, EMAIL_RETRY_DELAY_S: '1', EMAIL_RETRY_LIMIT: '3' }, { jobs: true });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
afterEach(() => smtp.refuseNext(0));

const email = (to: string, extra: Partial<OutgoingEmail> = {}): OutgoingEmail => ({
  to,
  subject: `Hello ${to}`,
  text: 'Plain text body',
  html: '<p>HTML body</p>',
  kind: 'test',
  ...extra,
});

function must<T>(value: T | null): T {
  if (value === null) throw new Error('expected a value');
  return value;
}

const rowOf = async (id: string) => (await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0];
const receivedBy = (to: string) => smtp.received.filter((mail) => mail.to && JSON.stringify(mail.to).includes(to));

describe('email outbox', () => {
  it('delivers a committed email over SMTP once, with its attachment, and records it as sent', async () => {
    const id = must(
      await t.db.transaction((tx) =>
        t.context.outbox.enqueue(
          tx,
          email('one@example.test', {
            attachments: [
              {
                filename: 'booking.ics',
                contentType: 'text/calendar',
                contentBase64: Buffer.from('BEGIN:VCALENDAR').toString('base64'),
              },
            ],
          }),
        ),
      ),
    );
    const row = await waitFor(async () => {
      const current = await rowOf(id);
      return current?.status === 'sent' ? current : undefined;
    });
    expect(row.attempts).toBe(1);
    expect(row.sentAt).toBeInstanceOf(Date);
    const [mail] = receivedBy('one@example.test');
    expect(mail?.subject).toBe('Hello one@example.test');
    expect(mail?.text?.trim()).toBe('Plain text body');
    expect(mail?.messageId).toBe(`<${id}@localhost>`);
    expect(mail?.attachments[0]?.filename).toBe('booking.ics');
    expect(mail?.attachments[0]?.content.toString()).toBe('BEGIN:VCALENDAR');
    await t.context.outbox.deliver(id, { isLast: false }); // a duplicate job finds it sent
    expect(receivedBy('one@example.test')).toHaveLength(1);
  });

  it('writes nothing and sends nothing when the transaction that caused the email rolls back', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await t.context.outbox.enqueue(tx, email('rolled.back@example.test'));
        throw new Error('the booking failed');
      }),
    ).rejects.toThrow('the booking failed');
    // A job written with the rolled-back row would still be in the queue: wait until the queue is idle.
    await outboxSettled(t.db);
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.recipient, 'rolled.back@example.test'))).toEqual(
      [],
    );
    expect(receivedBy('rolled.back@example.test')).toEqual([]);
  });

  it('retries a refused delivery with back-off and keeps the last error until it goes through', async () => {
    smtp.refuseNext(1);
    const id = must(await t.context.outbox.enqueue(t.db, email('retry@example.test')));
    const failedOnce = await waitFor(async () => {
      const current = await rowOf(id);
      return current?.lastError ? current : undefined;
    });
    expect(failedOnce.lastError).toContain('Mailbox busy');
    const sent = await waitFor(async () => {
      const current = await rowOf(id);
      return current?.status === 'sent' ? current : undefined;
    });
    expect(sent.attempts).toBe(2);
    expect(sent.lastError).toBeNull();
    expect(receivedBy('retry@example.test')).toHaveLength(1);
  });

  it('writes an email with a dedupe key once, however often it is enqueued', async () => {
    const first = await t.context.outbox.enqueue(t.db, email('once@example.test', { dedupeKey: 'reminder:x:1' }));
    const second = await t.context.outbox.enqueue(t.db, email('once@example.test', { dedupeKey: 'reminder:x:1' }));
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    await waitFor(() => (receivedBy('once@example.test').length ? true : undefined));
    await outboxSettled(t.db);
    expect(receivedBy('once@example.test')).toHaveLength(1);
  });

  it('marks an email failed once its retries are spent', async () => {
    smtp.refuseNext(10);
    const id = must(await t.context.outbox.enqueue(t.db, email('never@example.test')));
    const failed = await waitFor(async () => {
      const current = await rowOf(id);
      return current?.status === 'failed' ? current : undefined;
    }, 25_000);
    expect(failed.attempts).toBe(4); // the first try and three retries
    expect(receivedBy('never@example.test')).toEqual([]);
  });
});

describe('an email written while no worker ran (a crash between write and send)', () => {
  it('is sent exactly once when a server starts again', async () => {
    const other = await createTestApp({ SMTP_URL: smtp.url });
    try {
      const id = must(await other.context.outbox.enqueue(other.db, email('after.crash@example.test')));
      expect((await other.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]?.status).toBe('pending');
      await other.context.startJobs(); // the restart sweeps pending rows into the queue
      await waitFor(async () => {
        const [row] = await other.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
        return row?.status === 'sent' ? row : undefined;
      });
      await other.context.outbox.sweep();
      await outboxSettled(other.db);
      expect(receivedBy('after.crash@example.test')).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('sends a backlog in batches, each email exactly once; one the server refuses is retried on its own', async () => {
    smtp.refuseNext(1);
    const ids: string[] = [];
    await t.db.transaction(async (tx) => {
      for (let n = 0; n < 30; n++)
        ids.push(must(await t.context.outbox.enqueue(tx, email(`backlog${n}@example.test`))));
    });
    const rows = await waitFor(async () => {
      const current = await Promise.all(ids.map(rowOf));
      return current.every((row) => row?.status === 'sent') ? current : undefined;
    }, 60_000);
    for (let n = 0; n < 30; n++) expect(receivedBy(`backlog${n}@example.test`)).toHaveLength(1);
    // The refused one took a second attempt; the others of its batch went out at the first.
    expect(rows.map((row) => row?.attempts).sort()).toEqual([...Array(29).fill(1), 2]);
  });
});

describe('without SMTP configured', () => {
  it('keeps every email as captured and logs it, so nothing is lost', async () => {
    const local = await createTestApp({}, { jobs: true });
    try {
      const id = must(await local.context.outbox.enqueue(local.db, email('captured@example.test')));
      const row = await waitFor(async () => {
        const [current] = await local.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
        return current?.status === 'captured' ? current : undefined;
      });
      expect(row.text).toBe('Plain text body');
      expect(local.logs).toContainEqual(
        expect.objectContaining({ msg: 'email captured (no SMTP configured)', to: 'captured@example.test' }),
      );
    } finally {
      await local.close();
    }
  });
});
