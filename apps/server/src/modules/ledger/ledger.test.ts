import { accountCodes, type JournalPage, type TrialBalance } from '@app/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../db/client.ts';
import { businessSettings, journalEntry, journalLine } from '../../db/schema.ts';
import { bookingBody, localIso, nextWeekday, serviceOfType } from '../../test/booking-helpers.ts';
import { signedIn } from '../../test/clients.ts';
import { databaseRefusal } from '../../test/database-error.ts';
import { anyEntry } from '../../test/posting-arbitraries.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';
import { postJournalEntry, reverseJournalEntry } from './ledger.service.ts';

/** The database's own message (drizzle wraps it as the cause). */
async function databaseError(query: PromiseLike<unknown>): Promise<string> {
  try {
    await query;
  } catch (error) {
    const wrapped = error as Error & { cause?: Error };
    return wrapped.cause?.message ?? wrapped.message;
  }
  return 'no error';
}

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let client: Awaited<ReturnType<typeof signedIn>>;
let swedishId: string;
let slot = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, { role: 'admin' });
  client = await signedIn(t);
  swedishId = (await serviceOfType(t, 'swedish')).id;
});
afterAll(() => t.close());

async function aBooking() {
  const date = nextWeekday(2, 7 + 7 * slot++);
  const made = await client.call('POST', '/api/bookings', bookingBody(swedishId, localIso(date, '11:00')));
  expect(made.statusCode).toBe(201);
  return made.json() as { id: string; pricePence: number };
}

async function entriesFor(sourceId: string) {
  const page = (await admin.call('GET', '/api/admin/ledger/journal?pageSize=200')).json() as JournalPage;
  return page.entries.filter((entry) => entry.sourceId === sourceId);
}

const lineOf = (entry: JournalPage['entries'][number] | undefined, code: string) =>
  entry?.lines.find((line) => line.accountCode === code);

describe('the ledger', () => {
  it('posts a booking payment as a sale in the same transaction, with VAT once the business is registered', async () => {
    const booking = await aBooking();
    const paid = await admin.call('POST', `/api/admin/bookings/${booking.id}/payments`, {
      amountPence: 7000,
      method: 'card',
    });
    expect(paid.statusCode).toBe(201);
    const [entry] = await entriesFor(paid.json().id);
    expect(entry?.sourceType).toBe('payment');
    expect(lineOf(entry, accountCodes.cardClearing)?.debitPence).toBe(7000);
    expect(lineOf(entry, accountCodes.salesTherapeutic)).toMatchObject({
      creditPence: 7000,
      style: 'therapeutic',
      serviceType: 'swedish',
    });
    expect(lineOf(entry, accountCodes.vat)).toBeUndefined();

    await t.db.update(businessSettings).set({ vatRegistered: true, vatRateBp: 2000 }).where(eq(businessSettings.id, 1));
    try {
      const second = await aBooking();
      const cash = await admin.call('POST', `/api/admin/bookings/${second.id}/payments`, {
        amountPence: 6000,
        method: 'cash',
      });
      const [vatEntry] = await entriesFor(cash.json().id);
      expect(lineOf(vatEntry, accountCodes.cash)?.debitPence).toBe(6000);
      expect(lineOf(vatEntry, accountCodes.salesTherapeutic)?.creditPence).toBe(5000);
      expect(lineOf(vatEntry, accountCodes.vat)?.creditPence).toBe(1000);
    } finally {
      await t.db.update(businessSettings).set({ vatRegistered: false }).where(eq(businessSettings.id, 1));
    }
  });

  it('refunds no more than a booking brought in, and posts the refund back out of the sale', async () => {
    const booking = await aBooking();
    await admin.call('POST', `/api/admin/bookings/${booking.id}/payments`, { amountPence: 5000, method: 'cash' });
    const tooMuch = await admin.call('POST', `/api/admin/bookings/${booking.id}/refunds`, {
      amountPence: 5001,
      method: 'cash',
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.message).toBe('At most £50.00 can be refunded.');
    const refund = await admin.call('POST', `/api/admin/bookings/${booking.id}/refunds`, {
      amountPence: 2000,
      method: 'cash',
      note: 'Started late',
    });
    expect(refund.statusCode).toBe(201);
    const [entry] = await entriesFor(refund.json().id);
    expect(entry?.sourceType).toBe('refund');
    expect(lineOf(entry, accountCodes.salesTherapeutic)?.debitPence).toBe(2000);
    expect(lineOf(entry, accountCodes.cash)?.creditPence).toBe(2000);
    const detail = (await admin.call('GET', `/api/admin/bookings/${booking.id}`)).json();
    expect(detail.booking.paidPence).toBe(3000);
    expect(detail.payments.map((p: { kind: string }) => p.kind)).toEqual(['payment', 'refund']);
  });

  it('refuses, in the database itself, an entry whose debits and credits differ', async () => {
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(journalEntry);
    const refusal = await databaseRefusal(
      t.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(journalEntry)
          .values({ date: '2026-01-05', description: 'bad', sourceType: 'manual' })
          .returning();
        if (!row) throw new Error('no entry');
        await tx.insert(journalLine).values([
          { entryId: row.id, accountCode: accountCodes.cash, debitPence: 100, date: '2026-01-05' },
          { entryId: row.id, accountCode: accountCodes.otherIncome, creditPence: 90, date: '2026-01-05' },
        ]);
      }),
    );
    // The balance trigger (journal_line_balanced → ledger_check_balanced) refused it at commit, by its own words.
    expect(refusal.code).toBe('23514');
    expect(refusal.message).toMatch(/^journal entry [0-9a-f-]{36} does not balance \(difference 10, 2 lines\)$/);
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(journalEntry);
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('never lets a posted entry be edited or deleted, only reversed once', async () => {
    const posted = await t.db.transaction((tx) =>
      postJournalEntry(tx, {
        draft: {
          date: '2026-02-01',
          description: 'Owner pays in capital',
          sourceType: 'manual',
          sourceId: null,
          lines: [
            { accountCode: accountCodes.bank, debitPence: 10_000, creditPence: 0 },
            { accountCode: accountCodes.ownerEquity, debitPence: 0, creditPence: 10_000 },
          ],
        },
        createdBy: admin.id,
      }),
    );
    expect(
      await databaseError(t.db.update(journalLine).set({ debitPence: 1 }).where(eq(journalLine.entryId, posted.id))),
    ).toMatch(/immutable/);
    expect(await databaseError(t.db.delete(journalEntry).where(eq(journalEntry.id, posted.id)))).toMatch(/immutable/);

    const reversal = await t.db.transaction((tx) =>
      reverseJournalEntry(tx, {
        entryId: posted.id,
        date: '2026-02-02',
        reason: 'entered twice',
        createdBy: admin.id,
      }),
    );
    const again = await databaseRefusal(
      t.db.transaction((tx) =>
        reverseJournalEntry(tx, {
          entryId: posted.id,
          date: '2026-02-02',
          reason: 'again',
          createdBy: admin.id,
        }),
      ),
    );
    expect(again.code).toBe('23505');
    expect(again.constraint).toBe('journal_entry_reverses_idx');

    const page = (
      await admin.call(
        'GET',
        `/api/admin/ledger/journal?account=${accountCodes.ownerEquity}&from=2026-02-01&to=2026-02-28`,
      )
    ).json() as JournalPage;
    expect(page.entries.map((entry) => entry.id)).toEqual([reversal.id, posted.id]);
    expect(page.entries[1]?.reversedByEntryId).toBe(reversal.id);
    expect(page.entries[0]?.description).toBe(`Reversal of entry ${posted.number}: entered twice`);
  });

  it('keeps the trial balance at zero and shows each account in the right direction', async () => {
    const trial = (await admin.call('GET', '/api/admin/ledger/trial-balance')).json() as TrialBalance;
    expect(trial.totalDebitPence).toBe(trial.totalCreditPence);
    expect(trial.totalDebitPence).toBeGreaterThan(0);
    const cash = trial.accounts.find((account) => account.code === accountCodes.cash);
    expect(cash?.balancePence).toBe(6000 + 5000 - 2000);
    const period = (await admin.call('GET', '/api/admin/ledger/trial-balance?from=2026-02-01&to=2026-02-28')).json();
    expect(period.accounts.find((a: { code: string }) => a.code === accountCodes.bank).balancePence).toBe(0);
  });

  it('answers bad filters with a clear message and keeps the ledger from clients and lodgers', async () => {
    const bad = await admin.call('GET', '/api/admin/ledger/journal?from=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('date');
    expect((await client.call('GET', '/api/admin/ledger/journal')).statusCode).toBe(403);
    const lodger = await signedIn(t, { role: 'lodger' });
    expect((await lodger.call('GET', '/api/admin/ledger/trial-balance')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/ledger/accounts' })).statusCode).toBe(401);
  });
});

// Moved from postings.test.ts, which holds the pure postings' tests and opens no database.
describe('ledger postings written to the database', () => {
  it('balance, with their reversals, when the journal lines are summed in SQL', async () => {
    await fc.assert(
      fc.asyncProperty(anyEntry, async (entry) => {
        const posted = await t.db.transaction((tx) =>
          postJournalEntry(tx, {
            draft: { ...entry, sourceId: null },
            createdBy: null,
          }),
        );
        const reversal = await t.db.transaction((tx) =>
          reverseJournalEntry(tx, { entryId: posted.id, date: '2026-03-02', reason: 'mistake', createdBy: null }),
        );
        const ids = [posted.id, reversal.id];
        const perEntry = await t.db
          .select({
            entryId: journalLine.entryId,
            debit: sql<string>`sum(${journalLine.debitPence})::text`,
            credit: sql<string>`sum(${journalLine.creditPence})::text`,
            lines: sql<number>`count(*)::int`,
          })
          .from(journalLine)
          .where(inArray(journalLine.entryId, ids))
          .groupBy(journalLine.entryId);
        expect(perEntry).toHaveLength(2);
        for (const row of perEntry) {
          expect(row.debit).toBe(row.credit);
          expect(Number(row.debit)).toBeGreaterThan(0);
          expect(row.lines).toBe(entry.lines.length);
        }
        // The pair leaves every account where it was.
        const perAccount = await t.db
          .select({
            account: journalLine.accountCode,
            net: sql<string>`sum(${journalLine.debitPence} - ${journalLine.creditPence})::text`,
          })
          .from(journalLine)
          .where(inArray(journalLine.entryId, ids))
          .groupBy(journalLine.accountCode);
        for (const row of perAccount) expect(row.net).toBe('0');
      }),
      { numRuns: 40 },
    );
  });
});

describe("the application's balance guard", () => {
  const unbalanced = {
    date: '2026-03-01',
    description: 'x',
    sourceType: 'payment' as const,
    sourceId: 'p',
    lines: [
      { accountCode: accountCodes.cash, debitPence: 500, creditPence: 0 },
      { accountCode: accountCodes.otherIncome, debitPence: 0, creditPence: 400 },
    ],
  };
  it('refuses an unbalanced entry in the application, before anything reaches the database', async () => {
    const touched: string[] = [];
    const tx = new Proxy({}, { get: (_, name) => touched.push(String(name)) }) as unknown as DbOrTx;
    await expect(postJournalEntry(tx, { draft: unbalanced, createdBy: null })).rejects.toThrow(
      'unbalanced journal entry for payment p',
    );
    expect(touched).toEqual([]);
  });
});
