// Issue 30, part 3: the accountant's exports over five years of books (20,000 expenses, 80,000 journal entries) in
// PostgreSQL. Each export is read a page at a time and streamed, so the heap it adds stays flat however many rows
// it writes; this prints each export's time, rows, size and the largest heap growth seen while it was written, and
// fails a five-year journal export that takes over 20 s or grows the heap by over 64 MB.
// Run: node bench/exports.ts (Node 24, PostgreSQL on 127.0.0.1:5432; BENCH_DATABASE=pglite for PGlite).
import { exportKinds, exportProducts } from '@app/shared';
import { sql } from 'drizzle-orm';
import { businessSettings } from '../apps/server/src/db/schema.ts';
import { localDateOf } from '../apps/server/src/lib/zoned-time.ts';
import type { Actor } from '../apps/server/src/modules/auth/actor.ts';
import { accountantExport } from '../apps/server/src/modules/exports/exports.service.ts';
import { seedMoneyHistory } from './money-seed.ts';
import { benchDatabase, finish, load, miss } from './support.ts';

const TIME_BAR_MS = 20_000;
const HEAP_BAR_MB = 64;
const database = await benchDatabase();
const { db } = database;
const admin: Actor = { id: 'bench-admin', role: 'admin', email: 'admin@example.test', name: 'Admin', phone: null };

await db.update(businessSettings).set({ vatRegistered: true, vatNumber: 'GB000000000' });
console.log('seeding five years…');
const started = performance.now();
const seeded = await seedMoneyHistory(db, { years: 5, bookings: 2_000, expenses: 20_000, journalEntries: 80_000 });
await db.execute(sql`analyze`);
console.log(
  `seeded ${seeded.expenses} expenses, ${seeded.journalEntries} journal entries (${seeded.journalLines} lines) ` +
    `in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
const period = { from: seeded.from, to: localDateOf(Date.now(), 'Europe/London') };

for (const product of exportProducts)
  for (const kind of exportKinds) {
    globalThis.gc?.();
    const baseHeap = process.memoryUsage().heapUsed;
    let peak = 0;
    let rows = 0;
    let bytes = 0;
    const start = performance.now();
    const file = await accountantExport({ db, currency: 'GBP' }, { actor: admin, query: { ...period, product, kind } });
    for await (const line of file.lines) {
      rows += 1;
      bytes += Buffer.byteLength(line);
      if (rows % 1000 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed - baseHeap);
    }
    const ms = performance.now() - start;
    const mb = peak / 1_048_576;
    console.log(
      `${product} ${kind}: ${rows} lines, ${(bytes / 1_048_576).toFixed(1)} MB in ${(ms / 1000).toFixed(2)} s, ` +
        `heap growth at most ${mb.toFixed(1)} MB`,
    );
    if (kind === 'journal' && ms > TIME_BAR_MS) miss(`${product} journal: ${ms.toFixed(0)} ms, bar ${TIME_BAR_MS} ms`);
    if (kind === 'journal' && mb > HEAP_BAR_MB)
      miss(`${product} journal: heap +${mb.toFixed(1)} MB, bar ${HEAP_BAR_MB} MB`);
  }
console.log(load());
await database.close();
finish();
