// Years of believable history for the money and analytics benches: clients, a diary of bookings
// inside opening hours, payments and refunds with their journal entries, expenses with theirs.
// Rows are built in JS from the ledger's own posting builders and written in bulk through
// json_populate_recordset (one parameter per batch), so 100,000 bookings load in seconds.
import { vatInGross } from '@app/shared';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../apps/server/src/db/client.ts';
import { businessSettings, expenseCategory, service } from '../apps/server/src/db/schema.ts';
import { addDays, localDateOf, weekdayOf, zonedInstant } from '../apps/server/src/lib/zoned-time.ts';
import { salesVatRateBp } from '../apps/server/src/modules/ledger/ledger.service.ts';
import {
  bookingPaymentEntry,
  bookingRefundEntry,
  type EntryDraft,
  expenseEntry,
  type MoneyMethod,
} from '../apps/server/src/modules/ledger/postings.ts';

export type MoneySeedOptions = {
  years: number;
  bookings: number;
  expenses: number;
  /** The journal is topped up to this many entries with deposits taken and refunded on cancellations. */
  journalEntries: number;
  /** Last day of history (business time zone); defaults to today. */
  endDate?: string;
  timeZone?: string;
  /** Same seed, same history. */
  seed?: number;
};

export type MoneySeedSummary = {
  from: string;
  to: string;
  clients: number;
  bookings: number;
  activeBookings: number;
  cancelledBookings: number;
  payments: number;
  refunds: number;
  expenses: number;
  journalEntries: number;
  journalLines: number;
};

const MINUTE = 60_000;

/** mulberry32: small, fast and repeatable. */
function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (below: number) => Math.floor(next() * below);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  return { next, int, pick };
}

/** Writes rows (keys are column names) in batches, one JSON parameter per statement. */
async function insertRows(db: DbOrTx, table: string, rows: Record<string, unknown>[], batchSize = 5000) {
  const first = rows[0];
  if (!first) return;
  const columns = sql.join(
    Object.keys(first).map((column) => sql.identifier(column)),
    sql`, `,
  );
  for (let i = 0; i < rows.length; i += batchSize) {
    const json = JSON.stringify(rows.slice(i, i + batchSize));
    await db.execute(
      sql`insert into ${sql.identifier(table)} (${columns}) select ${columns} from json_populate_recordset(null::${sql.identifier(table)}, ${json}::json)`,
    );
  }
}

type Slot = { start: number; minutes: number };
type PlannedEntry = { id: string; draft: EntryDraft; createdAt: number };
type PaymentMethod = 'cash' | 'card' | 'bank_transfer';

export async function seedMoneyHistory(db: Db, options: MoneySeedOptions): Promise<MoneySeedSummary> {
  const timeZone = options.timeZone ?? 'Europe/London';
  const random = randomSource(options.seed ?? 20_260_101);
  const now = Date.now();
  const to = options.endDate ?? localDateOf(now, timeZone);
  const from = addDays(to, -Math.round(options.years * 365.25) + 1);

  const [settings] = await db.select().from(businessSettings);
  if (!settings) throw new Error('business_settings row missing: run the migrations first');
  const services = (await db.select().from(service)).filter((s) => s.durations.length > 0);
  if (!services.length) throw new Error('no services to book');
  const categories = await db.select().from(expenseCategory);
  const vatRateBp = await salesVatRateBp(db);
  const buffer = settings.bufferMinutes;
  // Lengths a booking can have: only those some service offers, so each slot is booked for exactly its own length
  // (a length a service does not offer would end past the slot, into the next booking or its buffer).
  const offered = [...new Set(services.flatMap((s) => s.durations.map((d) => d.minutes)))];
  const usual = [60, 60, 60, 90, 90, 120].filter((minutes) => offered.includes(minutes));
  const lengths = usual.length ? usual : offered;
  const offering = new Map(
    offered.map((minutes) => [minutes, services.filter((s) => s.durations.some((d) => d.minutes === minutes))]),
  );

  // The diary: walk each open range in 15-minute steps, placing bookings with their buffer after
  // them, so no two active bookings ever overlap (the exclusion constraint of migration 0003).
  const grid = (fill: number): Slot[] => {
    const slots: Slot[] = [];
    for (let date = from; date <= to; date = addDays(date, 1)) {
      for (const range of settings.weeklyHours[weekdayOf(date)] ?? []) {
        const open = zonedInstant(date, range.start, timeZone);
        const close = zonedInstant(date, range.end, timeZone);
        let cursor = open;
        while (cursor < close) {
          const minutes = random.pick(lengths);
          if (cursor + minutes * MINUTE > close) break;
          if (random.next() < fill) {
            slots.push({ start: cursor, minutes });
            cursor += (minutes + buffer) * MINUTE;
          } else cursor += random.pick([15, 30, 60]) * MINUTE;
          cursor = Math.ceil(cursor / (15 * MINUTE)) * 15 * MINUTE;
        }
      }
    }
    return slots;
  };
  const capacity = grid(1).length;
  // About 15 % of bookings are cancelled in a normal year; more bookings than the diary holds are
  // all cancellations (they are outside the overlap rule), fewer fill the diary less.
  const wantedActive = Math.round(options.bookings * 0.85);
  const filled = grid(Math.min(0.85, wantedActive / Math.max(1, capacity)));
  // Thin out evenly (never the last months only) when the diary holds more than was asked for.
  const slots =
    filled.length > options.bookings
      ? filled.filter(() => random.next() < options.bookings / filled.length).slice(0, options.bookings)
      : filled;

  const clientCount = Math.max(20, Math.round(options.bookings / 10));
  const clients = Array.from({ length: clientCount }, (_, i) => ({
    id: `seed-client-${i}`,
    name: `Client ${i}`,
    email: `seed-client-${i}@example.test`,
    email_verified: true,
    role: 'user',
    created_at: new Date(zonedInstant(from, '00:00', timeZone) - random.int(400) * 86_400_000).toISOString(),
    updated_at: new Date(now).toISOString(),
  }));
  await insertRows(db, 'user', clients);
  // Some clients come back often, most a few times: a skewed pick.
  const pickClient = () => clients[Math.floor(clientCount * random.next() ** 2)] ?? clients[0];

  const bookingRows: Record<string, unknown>[] = [];
  const paymentRows: Record<string, unknown>[] = [];
  const entries: PlannedEntry[] = [];
  const completed: { id: string; clientId: string; paidAt: number; price: number; s: (typeof services)[number] }[] = [];
  const cancelled: typeof completed = [];
  const methods: PaymentMethod[] = ['card', 'card', 'card', 'cash', 'bank_transfer'];

  const addBooking = (slot: Slot, cancelledBooking: boolean) => {
    const s = random.pick(offering.get(slot.minutes) ?? []);
    const duration = s?.durations.find((d) => d.minutes === slot.minutes);
    if (!s || !duration) throw new Error(`no service offers ${slot.minutes} minutes`);
    const client = pickClient();
    if (!client) throw new Error('no clients');
    const id = crypto.randomUUID();
    const startsAt = slot.start;
    const endsAt = startsAt + duration.minutes * MINUTE;
    const leadDays = random.next() < 0.12 ? 0 : Math.floor(random.next() ** 2 * 60);
    const createdAt = Math.min(now, startsAt - leadDays * 86_400_000 - (1 + random.int(6 * 60)) * MINUTE);
    const past = endsAt <= now;
    const status = cancelledBooking
      ? 'cancelled'
      : past
        ? random.next() < 0.04
          ? 'no_show'
          : 'completed'
        : random.next() < 0.1
          ? 'pending'
          : 'confirmed';
    const cancelledBy = cancelledBooking ? (random.next() < 0.8 ? 'client' : 'business') : null;
    const cancelledAt = cancelledBooking
      ? Math.min(now, createdAt + random.next() * Math.max(MINUTE, startsAt - createdAt))
      : null;
    bookingRows.push({
      id,
      client_id: client.id,
      service_id: s.id,
      service_name: s.name,
      style: s.style,
      type: s.type,
      duration_minutes: duration.minutes,
      price_pence: duration.pricePence,
      starts_at: new Date(startsAt).toISOString(),
      ends_at: new Date(endsAt).toISOString(),
      occupied_until: new Date(endsAt + buffer * MINUTE).toISOString(),
      status,
      client_name: client.name,
      client_email: client.email,
      source: random.next() < 0.85 ? 'client' : 'admin',
      cancelled_by: cancelledBy,
      cancelled_at: cancelledAt === null ? null : new Date(cancelledAt).toISOString(),
      adult_confirmed_at: s.style === 'sensual' ? new Date(createdAt).toISOString() : null,
      created_at: new Date(createdAt).toISOString(),
      updated_at: new Date(cancelledAt ?? createdAt).toISOString(),
    });
    const record = { id, clientId: client.id, paidAt: endsAt, price: duration.pricePence, s };
    if (status === 'completed') completed.push(record);
    if (cancelledBooking && cancelledBy === 'client') cancelled.push({ ...record, paidAt: createdAt });
  };

  for (const slot of slots) addBooking(slot, random.next() < 0.15);
  const openSlots = grid(1);
  while (bookingRows.length < options.bookings) addBooking(random.pick(openSlots), true);
  const cancelledAtOf = new Map<string, number>();
  for (const row of bookingRows)
    if (row.status === 'cancelled' && typeof row.cancelled_at === 'string')
      cancelledAtOf.set(row.id as string, Date.parse(row.cancelled_at));

  const payment = (
    booking: (typeof completed)[number],
    at: number,
    kind: 'payment' | 'refund',
    amount: number,
    method: PaymentMethod,
  ) => {
    const id = crypto.randomUUID();
    paymentRows.push({
      id,
      booking_id: booking.id,
      client_id: booking.clientId,
      kind,
      amount_pence: amount,
      method,
      paid_at: new Date(at).toISOString(),
      note: '',
      created_at: new Date(at).toISOString(),
      updated_at: new Date(at).toISOString(),
    });
    const sale = { style: booking.s.style, serviceType: booking.s.type, vatRateBp };
    const date = localDateOf(at, timeZone);
    const draft =
      kind === 'payment'
        ? bookingPaymentEntry({
            paymentId: id,
            date,
            amountPence: amount,
            method,
            sale,
            description: `Payment: ${booking.s.name}`,
          })
        : bookingRefundEntry({
            refundId: id,
            date,
            amountPence: amount,
            method,
            sale,
            description: `Refund: ${booking.s.name}`,
          });
    entries.push({ id: crypto.randomUUID(), draft, createdAt: at });
  };
  for (const booking of completed) payment(booking, booking.paidAt, 'payment', booking.price, random.pick(methods));

  // Expenses: rent monthly-ish, supplies and laundry often, the rest now and then.
  const expenseRows: Record<string, unknown>[] = [];
  const days = Math.max(1, Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1);
  const suppliers = ['Oil Co', 'Linen Services', 'Landlord Ltd', 'Ads Online', 'Rail', 'Massage Tables UK'];
  for (let i = 0; i < options.expenses; i++) {
    const category = random.pick(categories);
    if (!category) throw new Error('no expense categories');
    const date = addDays(from, random.int(days));
    const amount = category.accountCode === '5020' ? 60_000 + random.int(20_000) : 500 + random.int(15_000);
    const vat = vatRateBp > 0 && random.next() < 0.6 ? vatInGross(amount, vatRateBp) : 0;
    const method: MoneyMethod = random.pick(['card', 'card', 'bank_transfer', 'cash', 'owner']);
    const id = crypto.randomUUID();
    const supplier = random.pick(suppliers);
    const draft = expenseEntry({
      expenseId: id,
      date,
      description: `${category.name}: ${supplier}`,
      expenseAccountCode: category.accountCode,
      amountPence: amount,
      vatPence: vat,
      method,
    });
    const entryId = crypto.randomUUID();
    const createdAt = zonedInstant(date, '18:00', timeZone);
    expenseRows.push({
      id,
      date,
      supplier,
      category_id: category.id,
      amount_pence: amount,
      vat_pence: vat,
      payment_method: method,
      notes: '',
      journal_entry_id: entryId,
      created_at: new Date(createdAt).toISOString(),
      updated_at: new Date(createdAt).toISOString(),
    });
    entries.push({ id: entryId, draft, createdAt });
  }

  // Deposits taken online and refunded when the client cancelled: two entries each, up to the total.
  let refunds = 0;
  for (const booking of cancelled) {
    if (entries.length + 2 > options.journalEntries) break;
    const cancelledAt = cancelledAtOf.get(booking.id) ?? booking.paidAt;
    const deposit = Math.round(booking.price / 4 / 100) * 100;
    payment(booking, booking.paidAt, 'payment', deposit, 'card');
    payment(booking, Math.max(cancelledAt, booking.paidAt + MINUTE), 'refund', deposit, 'card');
    refunds++;
  }
  // Goodwill part-refunds on completed bookings, if still short.
  for (let i = 0; entries.length < options.journalEntries && i < completed.length; i++) {
    const booking = completed[(i * 7919) % completed.length];
    if (!booking) break;
    payment(booking, booking.paidAt + 86_400_000, 'refund', 1000, 'card');
    refunds++;
  }

  await insertRows(db, 'booking', bookingRows);
  await insertRows(db, 'payment', paymentRows);
  await insertRows(db, 'expense', expenseRows);

  // Journal numbers follow the dates, as they would have been posted.
  entries.sort((a, b) => a.draft.date.localeCompare(b.draft.date) || a.createdAt - b.createdAt);
  let lineCount = 0;
  const batch = 4000;
  for (let i = 0; i < entries.length; i += batch) {
    const chunk = entries.slice(i, i + batch);
    const entryRows: Record<string, unknown>[] = [];
    const lineRows: Record<string, unknown>[] = [];
    for (const { id, draft, createdAt } of chunk) {
      entryRows.push({
        id,
        date: draft.date,
        description: draft.description,
        source_type: draft.sourceType,
        source_id: draft.sourceId,
        created_at: new Date(createdAt).toISOString(),
      });
      for (const line of draft.lines)
        lineRows.push({
          id: crypto.randomUUID(),
          entry_id: id,
          account_code: line.accountCode,
          debit_pence: line.debitPence,
          credit_pence: line.creditPence,
          date: draft.date,
          style: line.style ?? null,
          service_type: line.serviceType ?? null,
          memo: line.memo ?? '',
          vat_kind: line.vatKind ?? null,
        });
    }
    lineCount += lineRows.length;
    // Entry and lines in one transaction: the balance trigger checks them at commit.
    await db.transaction(async (tx) => {
      await insertRows(tx, 'journal_entry', entryRows, batch);
      await insertRows(tx, 'journal_line', lineRows, batch * 3);
    });
  }
  // As autovacuum would have by now: fresh statistics, and a visibility map for index-only scans.
  await db.execute(sql`vacuum analyze`);

  const activeBookings = bookingRows.filter((row) => row.status !== 'cancelled').length;
  return {
    from,
    to,
    clients: clientCount,
    bookings: bookingRows.length,
    activeBookings,
    cancelledBookings: bookingRows.length - activeBookings,
    payments: paymentRows.length - refunds,
    refunds,
    expenses: expenseRows.length,
    journalEntries: entries.length,
    journalLines: lineCount,
  };
}
