import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { Db } from '../db/client.ts';

/** A real SMTP server for tests: it keeps every message it accepts, and can be told to refuse or to hold one. */
export async function startSmtpPeer() {
  const received: ParsedMail[] = [];
  const state: { refuse: number; hold?: { arrived: () => void; released: Promise<void> } } = { refuse: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      if (state.refuse > 0) {
        state.refuse--;
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 })));
        return;
      }
      const hold = state.hold;
      state.hold = undefined;
      hold?.arrived();
      simpleParser(stream)
        .then(async (mail) => {
          await hold?.released;
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The next n messages are refused with a temporary failure. */
    refuseNext(n: number) {
      state.refuse = n;
    },
    /**
     * The next message is read but not answered until `release()`: a sender stays in the middle of sending it.
     * `arrived` resolves once it is being sent.
     */
    holdNext() {
      let release = () => {};
      let arrived = () => {};
      const arrival = new Promise<void>((done) => {
        arrived = done;
      });
      state.hold = { arrived, released: new Promise<void>((done) => (release = done)) };
      return { arrived: arrival, release: () => release() };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function waitFor<T>(probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Resolves once the outbox has nothing left to do: no email waiting or being sent, and no delivery job queued,
 * waiting to retry or running. From then on, what an SMTP peer has received is all it will receive, so a test can
 * assert that something was sent once, or not at all, without sleeping.
 */
export async function outboxSettled(db: Db, timeoutMs = 20_000): Promise<void> {
  await waitFor(async () => {
    const result = (await db.execute(sql`
      select
        (select count(*) from email_outbox where status in ('pending', 'sending'))::int as emails,
        (select count(*) from pgboss.job where name = 'email-deliver' and state in ('created', 'retry', 'active'))::int
          as jobs
    `)) as unknown as { rows: { emails: number; jobs: number }[] };
    const [counts] = result.rows;
    return counts && counts.emails === 0 && counts.jobs === 0 ? true : undefined;
  }, timeoutMs);
}
