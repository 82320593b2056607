// Decision 044: the per-day journal sums and each client's spend are kept by triggers in the transaction that
// writes the lines or payments; whatever was written, committed or rolled back, they equal a direct sum. Decision 096:
// the per-month journal sums equal the per-day ones summed.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { payment, user } from '../db/schema.ts';
import { insertBooking, localIso } from '../test/booking-helpers.ts';
import { signedIn } from '../test/clients.ts';
import { createTestApp, type TestApp } from '../test/test-context.ts';
import { eraseCustomer } from './customers/customers.service.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let client: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '100000', API_RATE_LIMIT_MAX: '100000' });
  admin = await signedIn(t, { role: 'admin' });
  client = await signedIn(t);
});
afterAll(() => t.close());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.db.execute(query)) as unknown as { rows: T[] }).rows.map((row) =>
    JSON.parse(JSON.stringify(row, (_, value) => (typeof value === 'bigint' ? Number(value) : value))),
  );
}

const key = `account_code, to_char(date, 'YYYY-MM-DD') as date, style, service_type, vat_kind`;
const journalDirect = () =>
  rows(
    sql.raw(`select ${key}, sum(debit_pence)::float8 as debit, sum(credit_pence)::float8 as credit
               from journal_line group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`),
  );
const journalSummary = () =>
  rows(
    sql.raw(`select ${key}, debit_pence::float8 as debit, credit_pence::float8 as credit
               from journal_day order by 1, 2, 3, 4, 5`),
  );
const monthKey = `account_code, to_char(month, 'YYYY-MM-DD') as month, style, service_type, vat_kind`;
const journalMonthDirect = () =>
  rows(
    sql.raw(`select account_code, to_char(date_trunc('month', date::timestamp), 'YYYY-MM-DD') as month, style,
                    service_type, vat_kind, sum(debit_pence)::float8 as debit, sum(credit_pence)::float8 as credit
               from journal_day group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`),
  );
const journalMonthSummary = () =>
  rows(
    sql.raw(`select ${monthKey}, debit_pence::float8 as debit, credit_pence::float8 as credit
               from journal_month order by 1, 2, 3, 4, 5`),
  );
const spendDirect = () =>
  rows(
    sql`select client_id, count(*)::int as payments, sum(amount_pence)::float8 as spend
          from payment where client_id is not null group by 1 order by 1`,
  );
const spendSummary = () =>
  rows(sql`select client_id, payments, spend_pence::float8 as spend from client_spend order by 1`);

async function expectSummariesExact() {
  expect(await journalSummary()).toEqual(await journalDirect());
  expect(await journalMonthSummary()).toEqual(await journalMonthDirect());
  expect(await spendSummary()).toEqual(await spendDirect());
}

it('per-day journal sums and client spend equal direct sums through payments, refunds, expenses, moves and erasure', async () => {
  const paidBookings: string[] = [];
  for (const date of ['2026-02-03', '2026-02-04', '2026-02-10']) {
    const made = await insertBooking(t, {
      type: 'swedish',
      status: 'completed',
      startsAt: new Date(localIso(date, '11:00')),
      client,
    });
    // Two payments on the same day land in the same summary row; the refund takes money back out.
    for (const amountPence of [3000, 4000]) {
      const paid = await admin.call('POST', `/api/admin/bookings/${made.id}/payments`, {
        amountPence,
        method: date === '2026-02-04' ? 'cash' : 'card',
        paidAt: localIso(date, '12:00'),
      });
      expect(paid.statusCode, paid.body).toBe(201);
    }
    paidBookings.push(made.id);
  }
  const refund = await admin.call('POST', `/api/admin/bookings/${paidBookings[0]}/refunds`, {
    amountPence: 1500,
    method: 'card',
    paidAt: localIso('2026-02-03', '15:00'),
  });
  expect(refund.statusCode).toBe(201);
  const { categories } = (await admin.call('GET', '/api/admin/expenses/categories')).json() as {
    categories: { id: string }[];
  };
  const expense = await admin.call('POST', '/api/admin/expenses', {
    date: '2026-02-03',
    supplier: 'Oil Co',
    categoryId: categories[0]?.id,
    amountPence: 1200,
    vatPence: 200,
    paymentMethod: 'card',
  });
  expect(expense.statusCode, expense.body).toBe(201);
  expect((await journalSummary()).length).toBeGreaterThan(0);
  await expectSummariesExact();

  // Several payments in one statement, for two clients, one without a client at all.
  const other = { id: `spend-${crypto.randomUUID()}`, email: `spend-${crypto.randomUUID()}@example.test` };
  await t.db.insert(user).values({ id: other.id, name: 'Other Client', email: other.email });
  const otherBooking = await insertBooking(t, {
    type: 'swedish',
    status: 'completed',
    startsAt: new Date(localIso('2026-02-05', '10:00')),
    client: other,
  });
  await t.db.insert(payment).values([
    { bookingId: otherBooking.id, clientId: other.id, amountPence: 2500, method: 'card' },
    { bookingId: otherBooking.id, clientId: other.id, amountPence: 500, method: 'cash', kind: 'refund' },
    { bookingId: paidBookings[1], clientId: client.id, amountPence: 100, method: 'cash' },
    { bookingId: otherBooking.id, clientId: null, amountPence: 900, method: 'cash' },
  ]);
  await expectSummariesExact();

  // A payment corrected (amount) and moved to another client; one removed.
  const [one] = await t.db.select().from(payment).where(eq(payment.clientId, other.id)).limit(1);
  if (!one) throw new Error('no payment');
  await t.db.update(payment).set({ amountPence: 2600, clientId: client.id }).where(eq(payment.id, one.id));
  await expectSummariesExact();
  await t.db.delete(payment).where(eq(payment.amountPence, 100));
  await expectSummariesExact();

  // A transaction that fails leaves both summaries as they were.
  const before = { spend: await spendSummary(), journal: await journalSummary() };
  await expect(
    t.db.transaction(async (tx) => {
      await tx.insert(payment).values({ clientId: other.id, amountPence: 99_999, method: 'card' });
      await tx.execute(sql`
        with entry as (insert into journal_entry (date, description, source_type)
                       values ('2026-02-03', 'Rolled back', 'manual') returning id)
        insert into journal_line (entry_id, account_code, debit_pence, date) select id, '1000', 500, '2026-02-03' from entry`);
      throw new Error('rolled back');
    }),
  ).rejects.toThrow('rolled back');
  expect(await spendSummary()).toEqual(before.spend);
  expect(await journalSummary()).toEqual(before.journal);

  // Erasing a person detaches their payments: their spend row goes, the others stay exact.
  const actor = { id: admin.id, role: 'admin' as const, email: admin.email, name: 'Owner', phone: null };
  await eraseCustomer(t.db, { actor, userId: other.id });
  await expectSummariesExact();
  expect((await spendSummary()).some((row) => (row as { client_id: string }).client_id === other.id)).toBe(false);
});
