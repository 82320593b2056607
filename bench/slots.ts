// Issue 4: slot computation for a 60-day range with 5,000 existing bookings, median under 5 ms.
// Run: node bench/slots.ts (Node 24; PostgreSQL on 127.0.0.1:5432 when it answers, else PGlite).
import { sql } from 'drizzle-orm';
import { booking, service } from '../apps/server/src/db/schema.ts';
import { localDateOf, zonedInstant } from '../apps/server/src/lib/zoned-time.ts';
import { listSlots, loadSlotRules } from '../apps/server/src/modules/availability/availability.service.ts';
import { computeSlots } from '../apps/server/src/modules/availability/slots.ts';
import { benchDatabase, finish, load, median, timeIt, verdict } from './support.ts';

const TZ = 'Europe/London';
const database = await benchDatabase();
const { db } = database;
const [seeded] = await db.select().from(service).where(sql`${service.type} = 'swedish'`);
if (!seeded) throw new Error('seeded service missing');
const swedish = seeded;

// 5,000 bookings as a busy practice has them: eight a day, six days a week, the last 60 days of
// them ahead of today (≈ 400 in the window) and the rest behind. A second run packs all 5,000 into the
// 60 days (10 minutes each, 7 minutes apart), the densest diary possible, to stress the computation.
function bookingAt(s: number, minutes: number, gap: number, i: number) {
  return {
    serviceId: swedish.id,
    serviceName: swedish.name,
    style: 'therapeutic' as const,
    type: 'swedish',
    durationMinutes: minutes,
    pricePence: 7000,
    startsAt: new Date(s),
    endsAt: new Date(s + minutes * 60_000),
    occupiedUntil: new Date(s + (minutes + gap) * 60_000),
    status: 'confirmed' as const,
    clientName: `Client ${i}`,
  };
}
const realistic: ReturnType<typeof bookingAt>[] = [];
for (let day = 60; realistic.length < 5000; day--) {
  const date = localDateOf(Date.now() + day * 86_400_000, TZ);
  if (new Date(`${date}T12:00:00Z`).getUTCDay() === 0) continue;
  for (let k = 0; k < 8 && realistic.length < 5000; k++)
    realistic.push(bookingAt(zonedInstant(date, '10:00', TZ) + k * 75 * 60_000, 60, 15, realistic.length));
}
for (let i = 0; i < realistic.length; i += 500) await db.insert(booking).values(realistic.slice(i, i + 500));

const from = localDateOf(Date.now(), TZ);
const to = localDateOf(Date.now() + 59 * 86_400_000, TZ);
const loaded = await loadSlotRules(db, { timeZone: TZ, from, to });
console.log(`${load()} before timing`);

const pure = await timeIt(200, () =>
  computeSlots(loaded.rules, { durationMinutes: 60, from, to, now: Date.now(), today: from, busy: loaded.busy }),
);
const request = () =>
  listSlots(db, { timeZone: TZ, query: { serviceId: swedish.id, duration: 60, durationMinutes: 60, from, to } });
const full = await timeIt(50, request);
console.log(`5,000 bookings, ${loaded.busy.length} of them in the 60-day range:`);
console.log(`  slot computation                  median ${verdict(median(pure), 5, undefined, 'slot computation')}`);
console.log(`  slots request incl. database reads median ${verdict(median(full), 5, undefined, 'slots request')}`);

await db.execute(sql`delete from booking`);
const start = Math.ceil(Date.now() / 3_600_000) * 3_600_000;
const dense = Array.from({ length: 5000 }, (_, i) => bookingAt(start + i * 17 * 60_000, 10, 2, i));
for (let i = 0; i < dense.length; i += 500) await db.insert(booking).values(dense.slice(i, i + 500));
const packed = await loadSlotRules(db, { timeZone: TZ, from, to });
const densePure = await timeIt(200, () =>
  computeSlots(packed.rules, { durationMinutes: 60, from, to, now: Date.now(), today: from, busy: packed.busy }),
);
const denseFull = await timeIt(50, request);
console.log(`all 5,000 bookings packed into the 60-day range (${packed.busy.length} busy intervals):`);
console.log(
  `  slot computation                  median ${verdict(median(densePure), 5, undefined, 'slot computation, packed')}`,
);
console.log(
  `  slots request incl. database reads median ${verdict(median(denseFull), 5, undefined, 'slots request, packed')}`,
);
await database.close();
finish();
