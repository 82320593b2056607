/**
 * Reminders with two workers: two app instances on one database (on PostgreSQL each with its own connections,
 * as two processes would be) start their jobs and run the reminder job at the same moment. The client gets one
 * reminder, delivered once over SMTP to a real peer.
 */
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../../app.ts';
import type { AppContext } from '../../app-context.ts';
import { bookingEvent, emailOutbox } from '../../db/schema.ts';
import { insertBooking } from '../../test/booking-helpers.ts';
import { signedIn } from '../../test/clients.ts';
import { outboxSettled, startSmtpPeer, waitFor } from '../../test/smtp-peer.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';
import { queueDueReminders } from './booking-reminders.ts';

let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let t: TestApp;
let second: AppContext;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({ SMTP_URL: smtp.url, EMAIL_RETRY_DELAY_S: '1' });
  // The second worker shares the database but nothing else: its own outbox, queue client and connections.
  second = await createContext(t.context.env, {
    database: { ...t.context.database, close: async () => {} },
    logger: pino({ level: 'silent' }),
  });
});
afterAll(async () => {
  await second.close();
  await t.close();
  await smtp.close();
});

const remindersTo = (address: string) =>
  smtp.received.filter((mail) => JSON.stringify(mail.to).includes(address) && /reminder/i.test(mail.subject ?? ''));

describe('booking reminders', () => {
  it('are queued and delivered exactly once when two workers run the job at the same moment', async () => {
    const client = await signedIn(t);
    const due = await insertBooking(t, {
      type: 'swedish',
      status: 'confirmed',
      startsAt: new Date(Math.ceil((Date.now() + 5 * 3_600_000) / 900_000) * 900_000),
      client,
    });
    const later = await insertBooking(t, {
      type: 'swedish',
      status: 'confirmed',
      startsAt: new Date(Math.ceil((Date.now() + 30 * 3_600_000) / 900_000) * 900_000),
      client: { id: client.id, email: `not.yet.${client.email}` },
    });

    // Both start their jobs together (each runs the reminder job on start), then both run it again at once.
    await Promise.all([t.context.startJobs(), second.startJobs()]);
    const queued = await Promise.all([queueDueReminders(t.context), queueDueReminders(second)]);
    expect(queued).toEqual([0, 0]); // the start-up runs queued it already, once

    const mail = await waitFor(() => remindersTo(client.email)[0]);
    expect(mail.subject).toMatch(/reminder/i);
    await outboxSettled(t.db);
    expect(remindersTo(client.email)).toHaveLength(1);
    expect(remindersTo(`not.yet.${client.email}`)).toEqual([]);

    const rows = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.recipient, client.email), eq(emailOutbox.kind, 'booking.reminder')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'sent',
      attempts: 1,
      dedupeKey: `reminder:${due.id}:${due.startsAt.toISOString()}`,
    });
    const events = await t.db
      .select()
      .from(bookingEvent)
      .where(and(eq(bookingEvent.bookingId, due.id), eq(bookingEvent.action, 'reminder-queued')));
    expect(events).toHaveLength(1);
    const none = await t.db
      .select()
      .from(bookingEvent)
      .where(and(eq(bookingEvent.bookingId, later.id), eq(bookingEvent.action, 'reminder-queued')));
    expect(none).toEqual([]);
  });
});
