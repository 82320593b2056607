/**
 * Issue 10: two server processes on one PostgreSQL, as behind a load balancer. Started at the same moment on an
 * empty database (they take turns at the migrations), they share the diary (100 concurrent requests for one slot,
 * half to each: one booking), sessions and the generated auth secret, the rate limit and the email queue, which
 * still sends every email and every due reminder when a third instance is killed mid-run. On SIGTERM an instance
 * stops taking requests, finishes the request and the job it has started, then exits.
 * Runs in the `server-scaling` project, on the PostgreSQL of TEST_DATABASE_URL (CI's).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import { appSetting, booking, emailOutbox, service } from '../db/schema.ts';
import { parseEnv } from '../env.ts';
import { leaseMaxOf } from '../lib/rate-limit-store.ts';
import { addDays, localDateOf, weekdayOf, zonedInstant } from '../lib/zoned-time.ts';
import { DELIVER_QUEUE } from '../modules/outbox/outbox.service.ts';
import { createUser } from '../modules/users/users.service.ts';
import { freePort } from '../test/free-port.ts';
import { startSmtpPeer, waitFor } from '../test/smtp-peer.ts';

const root = resolve(import.meta.dirname, '../../../..');
const TZ = 'Europe/London';
const RATE_LIMIT = 300;

type Instance = { name: string; base: string; child: ChildProcess; output: () => string; exited: Promise<number> };

let adminUrl: string;
const databaseNames: string[] = [];
let databaseUrl: string;
let database: Database;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let dataDir: string;
let publicUrl: string;
const instances: Instance[] = [];

/** The key both instances share, as an install of several instances must (decision 068). */
const RECORDS_KEY = 'c'.repeat(64);

function startInstance(name: string, port: number, own: Record<string, string> = {}): Instance {
  const child = spawn(process.execPath, ['--max-semi-space-size=8', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      // Both answer for one site, as behind a load balancer; no AUTH_SECRET: the first start generates one.
      PUBLIC_URL: publicUrl,
      DATABASE_URL: databaseUrl,
      // Every instance seals the practice's records with the one key (decision 068).
      RECORDS_KEY,
      DATA_DIR: join(dataDir, name),
      WEB_DIST: '/nonexistent',
      SMTP_URL: smtp.url,
      TRUST_PROXY: 'true',
      API_RATE_LIMIT_MAX: String(RATE_LIMIT),
      AUTH_RATE_LIMIT_MAX: '100000',
      LOG_LEVEL: 'warn',
      EMAIL_RETRY_DELAY_S: '1',
      // A killed instance's emails are taken over within seconds, not the minute or two of the defaults.
      EMAIL_HEARTBEAT_S: '10',
      JOBS_SUPERVISE_S: '2',
      AUTH_SECRET: '',
      ...own,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  });
  const exited = new Promise<number>((done) => child.once('exit', (code, signal) => done(code ?? (signal ? -1 : 0))));
  const instance = { name, base: `http://127.0.0.1:${port}`, child, output: () => output, exited };
  instances.push(instance);
  return instance;
}

/** An empty database of its own on the test's PostgreSQL; dropped after the file. */
async function createDatabase(): Promise<string> {
  const name = `scaling_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new (await import('pg')).default.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  databaseNames.push(name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Puts `count` emails in the outbox of `url`'s database and queues their delivery, as the product does. */
async function queueEmails(url: string, db: Database['db'], subject: string, count: number): Promise<string[]> {
  const boss = new PgBoss({ connectionString: url, schema: 'pgboss', supervise: false, schedule: false });
  await boss.start();
  const ids: string[] = [];
  try {
    // An instance answers before its jobs have started (and, on a new database, made their queues).
    await waitFor(async () => (await boss.getQueue(DELIVER_QUEUE)) ?? undefined, 60_000);
    for (let n = 0; n < count; n++) {
      const [row] = await db
        .insert(emailOutbox)
        .values({ recipient: `queued${n}@example.test`, subject: `${subject} ${n}`, text: 'Hello', kind: 'test' })
        .returning({ id: emailOutbox.id });
      if (!row) throw new Error('outbox insert returned no row');
      ids.push(row.id);
      await boss.send(DELIVER_QUEUE, { id: row.id }, { singletonKey: row.id });
    }
  } finally {
    await boss.stop({ graceful: false });
  }
  return ids;
}

async function healthy(instance: Instance) {
  await waitFor(async () => {
    if (instance.child.exitCode !== null) throw new Error(`${instance.name} exited:\n${instance.output()}`);
    return fetch(`${instance.base}/api/health`).then(
      (response) => response.ok || undefined,
      () => undefined,
    );
  }, 90_000);
}

const json = { 'content-type': 'application/json' };

async function signIn(instance: Instance, email: string, ip: string) {
  const response = await fetch(`${instance.base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { ...json, origin: publicUrl, 'x-forwarded-for': ip },
    body: JSON.stringify({ email, password: 'secret1' }),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

beforeAll(async () => {
  const given = process.env.TEST_DATABASE_URL;
  if (!given) throw new Error('the server-scaling project needs TEST_DATABASE_URL');
  adminUrl = given;
  databaseUrl = await createDatabase();
  smtp = await startSmtpPeer();
  dataDir = mkdtempSync(join(tmpdir(), 'scaling-'));
  const [a, b] = [await freePort(), await freePort()];
  publicUrl = `http://localhost:${a}`;
  // Both at once, on an empty database.
  await Promise.all([startInstance('a', a), startInstance('b', b)].map(healthy));
  database = await openDatabase({ databaseUrl, dataDir: 'unused' });
}, 120_000);

afterAll(async () => {
  for (const instance of instances) if (instance.child.exitCode === null) instance.child.kill('SIGKILL');
  await Promise.all(instances.map((instance) => instance.exited));
  await database?.close();
  await smtp?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  const admin = new (await import('pg')).default.Client({ connectionString: adminUrl });
  await admin.connect();
  for (const name of databaseNames) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

describe('two instances on one PostgreSQL', () => {
  it('started together, they migrate once and share one generated auth secret and every session', async () => {
    const secrets = await database.db.select().from(appSetting).where(eq(appSetting.key, 'auth_secret'));
    expect(secrets).toHaveLength(1);
    await createUser(
      { db: database.db, env: parseEnv({}) },
      { email: 'shared.session@example.test', password: 'secret1' },
    );
    const [a, b] = instances as [Instance, Instance];
    const cookie = await signIn(a, 'shared.session@example.test', '198.51.100.1');
    const session = await fetch(`${b.base}/api/auth/get-session`, { headers: { cookie } });
    expect(((await session.json()) as { user: { email: string } }).user.email).toBe('shared.session@example.test');
  });

  it('100 concurrent requests for one slot, half to each instance, make one booking', async () => {
    const env = parseEnv({});
    const emails = Array.from({ length: 10 }, (_, n) => `racer${n}@example.test`);
    for (const email of emails) await createUser({ db: database.db, env }, { email, password: 'secret1' });
    const [a, b] = instances as [Instance, Instance];
    const cookies = await Promise.all(emails.map((email, n) => signIn(n % 2 ? b : a, email, `198.51.100.${10 + n}`)));
    const [swedish] = await database.db.select().from(service).where(eq(service.type, 'swedish'));
    if (!swedish) throw new Error('seeded service missing');
    let day = addDays(localDateOf(Date.now(), TZ), 5);
    while (weekdayOf(day) === 0 || weekdayOf(day) === 6) day = addDays(day, 1);
    const startsAt = new Date(zonedInstant(day, '12:00', TZ)).toISOString();
    const freeOn = async (instance: Instance) => {
      const response = await fetch(
        `${instance.base}/api/slots?serviceId=${swedish.id}&duration=60&from=${day}&to=${day}`,
        { headers: { 'x-forwarded-for': '198.51.100.99' } },
      );
      return ((await response.json()) as { days: { slots: string[] }[] }).days.flatMap((d) => d.slots);
    };
    // Both instances have computed (and keep) the day's free times before the race.
    for (const instance of [a, b]) expect(await freeOn(instance)).toContain(startsAt);

    const statuses = await Promise.all(
      Array.from({ length: 100 }, (_, n) =>
        fetch(`${(n % 2 ? b : a).base}/api/bookings`, {
          method: 'POST',
          headers: {
            ...json,
            origin: publicUrl,
            cookie: cookies[n % 10] ?? '',
            'x-forwarded-for': `198.51.100.${10 + (n % 10)}`,
          },
          body: JSON.stringify({
            serviceId: swedish.id,
            durationMinutes: 60,
            startsAt,
            name: 'Race Client',
            phone: '07700 900000',
            idempotencyKey: crypto.randomUUID(),
          }),
        }).then((response) => response.status),
      ),
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(99);
    const rows = await database.db
      .select()
      .from(booking)
      .where(and(eq(booking.startsAt, new Date(startsAt)), sql`${booking.status} <> 'cancelled'`));
    expect(rows).toHaveLength(1);
    // Whichever instance took it, neither offers the time any more.
    for (const instance of [a, b]) expect(await freeOn(instance)).not.toContain(startsAt);
  });

  it('count one rate limit: a caller gets at most the limit in all, wherever its requests land', async () => {
    const [a, b] = instances as [Instance, Instance];
    const from = { 'x-forwarded-for': '203.0.113.200' };
    const statuses = await Promise.all(
      Array.from({ length: RATE_LIMIT + 100 }, (_, n) =>
        fetch(`${(n % 2 ? b : a).base}/api/services`, { headers: from }).then((response) => response.status),
      ),
    );
    const served = statuses.filter((status) => status === 200).length;
    // Never past the limit; short of it by at most what each instance had leased and not yet spent.
    expect(served).toBeLessThanOrEqual(RATE_LIMIT);
    expect(served).toBeGreaterThanOrEqual(RATE_LIMIT - 2 * leaseMaxOf(RATE_LIMIT));
    expect(statuses.filter((status) => status === 429)).toHaveLength(RATE_LIMIT + 100 - served);
  });

  it('send every queued email and every due reminder once when a third instance is killed mid-run', async () => {
    // Twenty confirmed bookings starting within 24 hours: each is due its reminder, queued by whichever instance
    // starts or runs the reminder job first.
    const [swedish] = await database.db.select().from(service).where(eq(service.type, 'swedish'));
    if (!swedish) throw new Error('seeded service missing');
    const firstStart = Math.ceil((Date.now() + 2 * 3_600_000) / 60_000) * 60_000;
    const bookings = await database.db
      .insert(booking)
      .values(
        Array.from({ length: 20 }, (_, n) => {
          const startsAt = new Date(firstStart + n * 40 * 60_000);
          const endsAt = new Date(startsAt.getTime() + 30 * 60_000);
          return {
            serviceId: swedish.id,
            serviceName: swedish.name,
            style: 'therapeutic' as const,
            type: 'swedish',
            durationMinutes: 30,
            pricePence: 4000,
            startsAt,
            endsAt,
            occupiedUntil: endsAt,
            status: 'confirmed' as const,
            clientName: `Reminded ${n}`,
            clientEmail: `reminded${n}@example.test`,
          };
        }),
      )
      .returning({ id: booking.id, clientEmail: booking.clientEmail });
    const ids = await queueEmails(databaseUrl, database.db, 'Queued', 60);
    // A third instance starts (queueing the reminders as its jobs start, which is after it answers) and is killed
    // without warning once the first emails are out.
    const c = startInstance('c', await freePort());
    await healthy(c);
    const remindersQueued = async () =>
      (await database.db.select().from(emailOutbox).where(sql`${emailOutbox.dedupeKey} like 'reminder:%'`)).length ===
      bookings.length;
    await waitFor(
      async () =>
        (smtp.received.filter((mail) => mail.subject?.startsWith('Queued')).length >= 5 && (await remindersQueued())) ||
        undefined,
    );
    c.child.kill('SIGKILL');
    await c.exited;

    const reminders = await waitFor(async () => {
      const rows = await database.db.select().from(emailOutbox).where(sql`${emailOutbox.kind} = 'test'`);
      const due = await database.db.select().from(emailOutbox).where(sql`${emailOutbox.dedupeKey} like 'reminder:%'`);
      const done = [...rows, ...due].every((row) => row.status === 'sent');
      return rows.length === 60 && due.length === bookings.length && done ? due : undefined;
    }, 240_000);
    // One reminder each in the outbox, however many instances ran the job.
    expect(new Set(reminders.map((row) => row.recipient))).toEqual(new Set(bookings.map((row) => row.clientEmail)));

    const outboxIds = [...ids, ...reminders.map((row) => row.id)];
    const messageIds = new Set(outboxIds.map((id) => `<${id}@localhost>`));
    const delivered = smtp.received.filter((mail) => mail.messageId && messageIds.has(mail.messageId));
    let repeats = 0;
    for (const id of outboxIds) {
      const copies = delivered.filter((mail) => mail.messageId === `<${id}@localhost>`);
      expect(copies.length).toBeGreaterThanOrEqual(1);
      expect(new Set(copies.map((mail) => mail.subject)).size).toBe(1);
      repeats += copies.length - 1;
    }
    // SMTP cannot tell a sender that died between the peer's "250 OK" and its own record: such an email goes again,
    // as the same message (same Message-ID, which receiving servers and mail apps fold into one). Only what the
    // killed instance had in hand can repeat: at most its EMAILS_AT_ONCE.
    expect(repeats).toBeLessThanOrEqual(10);
    expect(new Set(delivered.map((mail) => mail.messageId)).size).toBe(outboxIds.length);
  }, 300_000);

  it('on SIGTERM an instance stops taking requests, finishes the request and the email it has started, then exits', async () => {
    // An instance alone on a database of its own, so the email it is sending is surely its own.
    const url = await createDatabase();
    const peer = await startSmtpPeer();
    const own = startInstance('e', await freePort(), { DATABASE_URL: url, SMTP_URL: peer.url });
    const ownDatabase = await openDatabase({ databaseUrl: url, dataDir: 'unused' });
    const held = peer.holdNext();
    try {
      await healthy(own);
      await createUser(
        { db: ownDatabase.db, env: parseEnv({}) },
        { email: 'leaving@example.test', password: 'secret1' },
      );
      const [emailId] = await queueEmails(url, ownDatabase.db, 'Held', 1);
      await held.arrived;

      const address = new URL(own.base);
      // A request whose body is still arriving when the signal comes: it has started and must be answered.
      const answer = new Promise<number>((done, fail) => {
        const req = request(
          {
            host: address.hostname,
            port: address.port,
            path: '/api/auth/sign-in/email',
            method: 'POST',
            // The server's "100 Continue" says it has the request in hand before the signal is sent.
            headers: { ...json, origin: publicUrl, 'transfer-encoding': 'chunked', expect: '100-continue' },
          },
          (res) => {
            res.resume();
            res.on('end', () => done(res.statusCode ?? 0));
          },
        );
        req.on('error', fail);
        req.on('continue', () => {
          req.write('{"email":"leaving@example.test",');
          own.child.kill('SIGTERM');
          waitFor(
            () =>
              fetch(`${own.base}/api/health`).then(
                () => undefined,
                () => true,
              ),
            10_000,
          ).then(() => req.end('"password":"secret1"}'), fail);
        });
        req.flushHeaders();
      });
      // New connections are refused from the signal on, and the started request is answered.
      expect(await answer).toBe(200);
      // The email being sent is still in hand: the instance waits for it before it exits.
      expect(own.child.exitCode).toBeNull();
      held.release();
      expect(await own.exited).toBe(0);
      const [row] = await ownDatabase.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.id, emailId ?? ''));
      expect(row?.status).toBe('sent');
      expect(peer.received.map((mail) => mail.subject)).toEqual(['Held 0']);
    } finally {
      held.release();
      await ownDatabase.close();
      await peer.close();
    }
  }, 120_000);
});
