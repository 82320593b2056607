// Issue 10: a queue of 200 emails drains within 20 s against a local SMTP peer, each delivered exactly once (the
// outbox and pg-boss as the server runs them, on PostgreSQL). Exits non-zero when it takes longer or any email
// arrives twice or not at all.
// Run: node bench/email-drain.ts (Node 24, PostgreSQL on 127.0.0.1:5432).
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { createContext } from '../apps/server/src/app.ts';
import { parseEnv } from '../apps/server/src/env.ts';
import { startSmtpPeer } from '../apps/server/src/test/smtp-peer.ts';
import { benchDatabase, finish, load, miss } from './support.ts';

const EMAILS = 200;
const BAR_S = 20;

const smtp = await startSmtpPeer();
const database = await benchDatabase();
const env = parseEnv({
  NODE_ENV: 'production',
  DATA_DIR: 'unused',
  PUBLIC_URL: 'http://localhost:3000',
  AUTH_SECRET: 'bench-only-secret-0123456789-abcdefghijklmnop',
  SMTP_URL: smtp.url,
});
const context = await createContext(env, { database, logger: pino({ level: 'warn' }) });
try {
  await context.startJobs();
  console.log(`${load()} before timing`);
  const started = performance.now();
  await context.db.transaction(async (tx) => {
    for (let n = 0; n < EMAILS; n++)
      await context.outbox.enqueue(tx, {
        to: `reader${n}@example.test`,
        subject: `Reminder ${n}`,
        text: 'Your massage is tomorrow.',
        kind: 'bench',
      });
  });
  const deadline = Date.now() + 120_000;
  let sent = 0;
  while (Date.now() < deadline) {
    const rows = (await context.db.execute(
      sql`select count(*)::int as sent from email_outbox where status = 'sent'`,
    )) as unknown as { rows: { sent: number }[] };
    sent = Number(rows.rows[0]?.sent ?? 0);
    if (sent >= EMAILS) break;
    await new Promise((done) => setTimeout(done, 50));
  }
  const seconds = (performance.now() - started) / 1000;
  const recipients = smtp.received.map((mail) => JSON.stringify(mail.to));
  const twice = recipients.length - new Set(recipients).size;
  console.log(
    `${EMAILS} emails: ${sent} sent in ${seconds.toFixed(1)} s (${(sent / seconds).toFixed(1)} a second; bar ${BAR_S} s), ` +
      `${smtp.received.length} received by the peer, ${twice} twice`,
  );
  if (seconds > BAR_S || sent < EMAILS) miss(`drain of ${EMAILS} emails: ${seconds.toFixed(1)} s (bar ${BAR_S} s)`);
  if (twice > 0 || smtp.received.length !== EMAILS)
    miss(`exactly once: ${smtp.received.length} received, ${twice} twice`);
} finally {
  await context.close();
  await smtp.close();
}
finish();
