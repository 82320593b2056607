// Issue 4: against a running server on PostgreSQL, 100 concurrent requests for one slot make exactly
// one booking; then 1,000 random attempts from 20 concurrent clients leave no overlapping bookings.
// Run: node bench/booking-race.ts (Node 24, PostgreSQL on 127.0.0.1:5432). Traffic stays on loopback.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { service } from '../apps/server/src/db/schema.ts';
import { parseEnv } from '../apps/server/src/env.ts';
import { addDays, localDateOf, weekdayOf, zonedInstant } from '../apps/server/src/lib/zoned-time.ts';
import { createUser } from '../apps/server/src/modules/users/users.service.ts';
import { load, scratchPostgres } from './support.ts';

const TZ = 'Europe/London';
const PORT = 3700 + Math.floor(Math.random() * 200);
const BASE = `http://127.0.0.1:${PORT}`;
const scratch = await scratchPostgres();
const database = await openDatabase({ databaseUrl: scratch.url, dataDir: 'unused' });
console.log(`database: PostgreSQL at ${scratch.url}; ${load()}`);
const env = parseEnv({});
const [swedish] = await database.db.select().from(service).where(sql`${service.type} = 'swedish'`);
if (!swedish) throw new Error('seeded service missing');

const CLIENTS = 100;
const emails = Array.from({ length: CLIENTS }, (_, i) => `race${i}@example.test`);
for (let i = 0; i < emails.length; i += 10)
  await Promise.all(
    emails.slice(i, i + 10).map((email) => createUser({ db: database.db, env }, { email, password: 'secret1' })),
  );

const server = spawn(process.execPath, ['apps/server/src/main.ts'], {
  env: {
    ...process.env,
    DATABASE_URL: scratch.url,
    // Required with DATABASE_URL (decision 068); the bench's records are thrown away with the database.
    RECORDS_KEY: randomBytes(32).toString('base64'),
    PORT: String(PORT),
    PUBLIC_URL: `http://localhost:${PORT}`,
    LOG_LEVEL: 'warn',
    WEB_DIST: '/nonexistent',
    AUTH_RATE_LIMIT_MAX: '100000',
    API_RATE_LIMIT_MAX: '1000000',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
try {
  for (let i = 0; ; i++) {
    if (i > 150) throw new Error('server did not start');
    if (
      await fetch(`${BASE}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const cookies = await Promise.all(
    emails.map(async (email) => {
      const response = await fetch(`${BASE}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: `http://localhost:${PORT}` },
        body: JSON.stringify({ email, password: 'secret1' }),
      });
      return response.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
    }),
  );
  const book = (cookie: string, startsAt: string, durationMinutes = 60) =>
    fetch(`${BASE}/api/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: `http://localhost:${PORT}` },
      body: JSON.stringify({
        serviceId: swedish.id,
        durationMinutes,
        startsAt,
        name: 'Race Client',
        phone: '07700 900000',
        idempotencyKey: crypto.randomUUID(),
      }),
    }).then((r) => r.status);

  let date = addDays(localDateOf(Date.now(), TZ), 3);
  while (weekdayOf(date) === 0 || weekdayOf(date) === 6) date = addDays(date, 1);
  const contested = new Date(zonedInstant(date, '14:00', TZ)).toISOString();
  const raceStart = performance.now();
  const statuses = await Promise.all(cookies.map((cookie) => book(cookie, contested)));
  const raceMs = performance.now() - raceStart;
  const count = (status: number) => statuses.filter((s) => s === status).length;
  console.log(
    `100 concurrent requests for ${contested}: ${count(201)} booked, ${count(409)} refused (409), ${statuses.length - count(201) - count(409)} other, in ${raceMs.toFixed(0)} ms`,
  );

  // 1,000 random attempts: 20 workers, random weekday, time on the 15-minute grid, 60 or 90 minutes.
  const ATTEMPTS = 1000;
  const WORKERS = 20;
  let next = 0;
  const outcome = new Map<number, number>();
  const loadStart = performance.now();
  await Promise.all(
    Array.from({ length: WORKERS }, async (_, w) => {
      while (next < ATTEMPTS) {
        next++;
        const day = addDays(localDateOf(Date.now(), TZ), 2 + Math.floor(Math.random() * 56));
        const minutes = 10 * 60 + 15 * Math.floor(Math.random() * 40);
        const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
        const status = await book(
          cookies[(w * 5 + next) % CLIENTS] ?? '',
          new Date(zonedInstant(day, time, TZ)).toISOString(),
          Math.random() < 0.5 ? 60 : 90,
        );
        outcome.set(status, (outcome.get(status) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - loadStart) / 1000;
  const made = outcome.get(201) ?? 0;
  console.log(
    `1,000 random attempts from ${WORKERS} clients in ${seconds.toFixed(1)} s: ${made} booked, ${outcome.get(409) ?? 0} refused (taken), ${outcome.get(400) ?? 0} refused (rules), others ${
      [...outcome]
        .filter(([s]) => ![201, 409, 400].includes(s))
        .map(([s, n]) => `${s}×${n}`)
        .join(' ') || 'none'
    }; ${(ATTEMPTS / seconds).toFixed(0)} attempts/s, ${(made / seconds).toFixed(0)} bookings/s`,
  );
  const overlaps = await database.db.execute(sql`
    select count(*)::int as n from booking a join booking b on a.id < b.id
     where a.status in ('pending','confirmed') and b.status in ('pending','confirmed')
       and tstzrange(a.starts_at, a.occupied_until) && tstzrange(b.starts_at, b.occupied_until)`);
  const active = await database.db.execute(
    sql`select count(*)::int as n from booking where status in ('pending','confirmed')`,
  );
  const n = (r: unknown) => (r as { rows: { n: number }[] }).rows[0]?.n;
  console.log(`active bookings in the database: ${n(active)}; overlapping pairs (buffers included): ${n(overlaps)}`);
  console.log(load());
  if (count(201) !== 1 || n(overlaps) !== 0) process.exitCode = 1;
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await database.close();
  await scratch.drop();
}
