import type { ExpenseCategory, ExpenseDetail, ExpenseImportPreview, ExpenseList } from '@app/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { businessSettings, expense, journalEntry, journalLine, ledgerAccount } from '../../db/schema.ts';
import { signedIn } from '../../test/clients.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';
import { multipartForm, sampleFiles } from '../storage/test-uploads.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let categories: ExpenseCategory[];
const category = (name: string) => {
  const found = categories.find((c) => c.name === name);
  if (!found) throw new Error(`no category ${name}`);
  return found;
};

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '10000', API_RATE_LIMIT_MAX: '100000' });
  admin = await signedIn(t, { role: 'admin' });
  categories = (await admin.call('GET', '/api/admin/expenses/categories')).json().categories;
});
afterAll(() => t.close());

async function setVatRegistered(registered: boolean) {
  await t.db
    .update(businessSettings)
    .set({ vatRegistered: registered, vatRateBp: 2000 })
    .where(eq(businessSettings.id, 1));
}
beforeEach(() => setVatRegistered(true));

async function linesOf(entryId: string | null) {
  if (!entryId) throw new Error('no entry');
  const lines = await t.db.select().from(journalLine).where(eq(journalLine.entryId, entryId));
  return lines
    .map((line) => ({ account: line.accountCode, debit: line.debitPence, credit: line.creditPence, date: line.date }))
    .sort((a, b) => a.account.localeCompare(b.account));
}

/** Debit minus credit of an account over the whole ledger. */
async function balanceOf(code: string) {
  const [row] = await t.db
    .select({ balance: sql<string>`coalesce(sum(${journalLine.debitPence} - ${journalLine.creditPence}), 0)` })
    .from(journalLine)
    .where(eq(journalLine.accountCode, code));
  return Number(row?.balance ?? 0);
}

async function counts() {
  const [expenses] = await t.db.select({ n: sql<number>`count(*)::int` }).from(expense);
  const [entries] = await t.db.select({ n: sql<number>`count(*)::int` }).from(journalEntry);
  return { expenses: Number(expenses?.n), entries: Number(entries?.n) };
}

let daySeq = 0;
/** A distinct past date per call, so the tests do not see each other's expenses in a period. */
function nextDay(): string {
  daySeq += 1;
  return new Date(Date.UTC(2025, 0, 1) + daySeq * 86_400_000).toISOString().slice(0, 10);
}

async function create(overrides: Record<string, unknown> = {}): Promise<ExpenseDetail> {
  const response = await admin.call('POST', '/api/admin/expenses', {
    date: nextDay(),
    supplier: 'Neal’s Yard',
    categoryId: category('Oils and supplies').id,
    amountPence: 1200,
    vatPence: 200,
    paymentMethod: 'card',
    notes: '',
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('recording an expense', () => {
  it('posts a balanced entry: the category’s account net, the VAT reclaimable, the money out of the card account', async () => {
    const created = await create({ date: '2025-06-03', notes: 'Almond oil, 5 litres' });
    expect(created).toMatchObject({
      supplier: 'Neal’s Yard',
      categoryName: 'Oils and supplies',
      amountPence: 1200,
      vatPence: 200,
      netPence: 1000,
      receiptCount: 0,
      receipts: [],
    });
    expect(await linesOf(created.journalEntryId)).toEqual([
      { account: '1020', debit: 0, credit: 1200, date: '2025-06-03' },
      { account: '2200', debit: 200, credit: 0, date: '2025-06-03' },
      { account: '5000', debit: 1000, credit: 0, date: '2025-06-03' },
    ]);
    const [entry] = await t.db
      .select()
      .from(journalEntry)
      .where(eq(journalEntry.id, created.journalEntryId ?? ''));
    expect(entry).toMatchObject({ description: 'Expense: Neal’s Yard', sourceType: 'expense', sourceId: created.id });
  });

  it('puts the whole amount to the expense account when the business is not VAT registered, keeping the VAT on the receipt', async () => {
    await setVatRegistered(false);
    const created = await create({ amountPence: 6000, vatPence: 1000, paymentMethod: 'owner' });
    expect(created.vatPence).toBe(1000);
    const lines = await linesOf(created.journalEntryId);
    expect(lines.map(({ account, debit, credit }) => ({ account, debit, credit }))).toEqual([
      { account: '3000', debit: 0, credit: 6000 },
      { account: '5000', debit: 6000, credit: 0 },
    ]);
  });

  it('refuses bad input and changes nothing', async () => {
    const before = await counts();
    const base = {
      date: '2025-03-01',
      supplier: 'Boots',
      categoryId: category('Oils and supplies').id,
      amountPence: 500,
      vatPence: 0,
      paymentMethod: 'cash',
    };
    const vatTooHigh = await admin.call('POST', '/api/admin/expenses', { ...base, vatPence: 600 });
    expect(vatTooHigh.statusCode).toBe(400);
    expect(vatTooHigh.json().error.message).toContain('VAT cannot be more than the amount paid');
    const future = await admin.call('POST', '/api/admin/expenses', { ...base, date: '2099-01-01' });
    expect(future.json().error.message).toContain('The date cannot be in the future');
    expect((await admin.call('POST', '/api/admin/expenses', { ...base, amountPence: 0 })).statusCode).toBe(400);
    expect((await admin.call('POST', '/api/admin/expenses', { ...base, supplier: '  ' })).statusCode).toBe(400);
    const unknownCategory = await admin.call('POST', '/api/admin/expenses', {
      ...base,
      categoryId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknownCategory.json().error.message).toContain('Choose a category');
    expect(await counts()).toEqual(before);
  });

  it('is refused to clients and to anyone signed out', async () => {
    const client = await signedIn(t);
    expect((await client.call('GET', '/api/admin/expenses')).statusCode).toBe(403);
    expect((await client.call('GET', '/api/admin/expenses/categories')).statusCode).toBe(403);
    expect(
      (
        await client.call('POST', '/api/admin/expenses/import/preview', {
          csv: 'Date,Description,Amount\n01/02/2025,Uber,-5.00',
        })
      ).statusCode,
    ).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/admin/expenses', payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('changing an expense', () => {
  it('reverses the old entry on its own date and posts a new one when the amount, date or category change', async () => {
    const created = await create({ date: '2025-07-01', amountPence: 2400, vatPence: 400 });
    const laundry = category('Laundry');
    const response = await admin.call('PATCH', `/api/admin/expenses/${created.id}`, {
      date: '2025-07-02',
      amountPence: 3600,
      vatPence: 600,
      categoryId: laundry.id,
      updatedAt: created.updatedAt,
    });
    expect(response.statusCode, response.body).toBe(200);
    const edited: ExpenseDetail = response.json();
    expect(edited.categoryName).toBe('Laundry');
    expect(edited.journalEntryId).not.toBe(created.journalEntryId);

    const [reversal] = await t.db
      .select()
      .from(journalEntry)
      .where(eq(journalEntry.reversesEntryId, created.journalEntryId ?? ''));
    expect(reversal).toMatchObject({ date: '2025-07-01', sourceType: 'reversal', sourceId: created.id });
    expect(reversal?.description).toContain('expense edited');
    expect(await linesOf(reversal?.id ?? null)).toEqual([
      { account: '1020', debit: 2400, credit: 0, date: '2025-07-01' },
      { account: '2200', debit: 0, credit: 400, date: '2025-07-01' },
      { account: '5000', debit: 0, credit: 2000, date: '2025-07-01' },
    ]);
    expect(await linesOf(edited.journalEntryId)).toEqual([
      { account: '1020', debit: 0, credit: 3600, date: '2025-07-02' },
      { account: '2200', debit: 600, credit: 0, date: '2025-07-02' },
      { account: laundry.accountCode, debit: 3000, credit: 0, date: '2025-07-02' },
    ]);
  });

  it('does not touch the ledger when only the notes or the supplier change', async () => {
    const created = await create();
    const { entries } = await counts();
    const response = await admin.call('PATCH', `/api/admin/expenses/${created.id}`, {
      notes: 'For the hot stones',
      supplier: 'Neal’s Yard Remedies',
    });
    expect(response.json()).toMatchObject({
      notes: 'For the hot stones',
      supplier: 'Neal’s Yard Remedies',
      journalEntryId: created.journalEntryId,
    });
    expect((await counts()).entries).toBe(entries);
  });

  it('refuses an edit made over a newer change, and VAT above the amount', async () => {
    const created = await create();
    await admin.call('PATCH', `/api/admin/expenses/${created.id}`, { notes: 'first' });
    const stale = await admin.call('PATCH', `/api/admin/expenses/${created.id}`, {
      amountPence: 9999,
      updatedAt: created.updatedAt,
    });
    expect(stale.statusCode).toBe(409);
    const vat = await admin.call('PATCH', `/api/admin/expenses/${created.id}`, { amountPence: 100 });
    expect(vat.statusCode).toBe(400);
    const reread: ExpenseDetail = (await admin.call('GET', `/api/admin/expenses/${created.id}`)).json();
    expect(reread).toMatchObject({ amountPence: 1200, journalEntryId: created.journalEntryId, notes: 'first' });
  });

  it('deletes an expense: it leaves the list and its entry is reversed on the original date', async () => {
    const training = category('Training');
    const startingBalance = await balanceOf(training.accountCode);
    const created = await create({ date: '2025-08-09', categoryId: training.id, amountPence: 15000, vatPence: 0 });
    expect(await balanceOf(training.accountCode)).toBe(startingBalance + 15000);
    const response = await admin.call('DELETE', `/api/admin/expenses/${created.id}`);
    expect(response.json()).toEqual({ deleted: true });
    expect(await balanceOf(training.accountCode)).toBe(startingBalance);
    const [reversal] = await t.db
      .select()
      .from(journalEntry)
      .where(eq(journalEntry.reversesEntryId, created.journalEntryId ?? ''));
    expect(reversal?.date).toBe('2025-08-09');
    expect((await admin.call('GET', `/api/admin/expenses/${created.id}`)).statusCode).toBe(404);
    const list: ExpenseList = (await admin.call('GET', `/api/admin/expenses?categoryId=${training.id}`)).json();
    expect(list.expenses.map((e) => e.id)).not.toContain(created.id);
    expect((await admin.call('DELETE', `/api/admin/expenses/${created.id}`)).statusCode).toBe(404);
  });
});

describe('the list of expenses', () => {
  it('filters by period, category and supplier, with totals over every match and not just the page', async () => {
    const travel = category('Travel');
    const advertising = category('Advertising');
    await create({ date: '2026-01-05', supplier: 'TfL', categoryId: travel.id, amountPence: 280, vatPence: 0 });
    await create({ date: '2026-01-20', supplier: 'Uber', categoryId: travel.id, amountPence: 1200, vatPence: 200 });
    await create({
      date: '2026-01-25',
      supplier: 'Facebook Ads',
      categoryId: advertising.id,
      amountPence: 6000,
      vatPence: 1000,
    });
    await create({ date: '2026-02-02', supplier: 'Uber', categoryId: travel.id, amountPence: 999, vatPence: 0 });

    const january: ExpenseList = (
      await admin.call('GET', '/api/admin/expenses?from=2026-01-01&to=2026-01-31&pageSize=1')
    ).json();
    expect(january.total).toBe(3);
    expect(january.expenses).toHaveLength(1);
    expect(january.expenses[0]).toMatchObject({ supplier: 'Facebook Ads', categoryName: 'Advertising' });
    expect(january.totals).toEqual({ count: 3, amountPence: 7480, vatPence: 1200, netPence: 6280 });
    expect(january.byCategory).toEqual([
      { categoryId: advertising.id, name: 'Advertising', count: 1, amountPence: 6000, vatPence: 1000, netPence: 5000 },
      { categoryId: travel.id, name: 'Travel', count: 2, amountPence: 1480, vatPence: 200, netPence: 1280 },
    ]);

    const uber: ExpenseList = (
      await admin.call('GET', `/api/admin/expenses?from=2026-01-01&to=2026-02-28&supplier=uBe&categoryId=${travel.id}`)
    ).json();
    expect(uber.expenses.map((e) => [e.date, e.supplier])).toEqual([
      ['2026-02-02', 'Uber'],
      ['2026-01-20', 'Uber'],
    ]);
    expect(uber.totals.amountPence).toBe(2199);

    const bad = await admin.call('GET', '/api/admin/expenses?from=January');
    expect(bad.statusCode).toBe(400);
  });
});

describe('expense categories', () => {
  it('adds a category with its own new expense account, and a rename renames the account', async () => {
    const response = await admin.call('POST', '/api/admin/expenses/categories', { name: 'Music licences' });
    expect(response.statusCode, response.body).toBe(201);
    const created: ExpenseCategory = response.json();
    expect(created).toMatchObject({ name: 'Music licences', accountCode: '5100', active: true });
    const [account] = await t.db.select().from(ledgerAccount).where(eq(ledgerAccount.code, '5100'));
    expect(account).toMatchObject({ name: 'Music licences', kind: 'expense', system: false });

    const second: ExpenseCategory = (
      await admin.call('POST', '/api/admin/expenses/categories', { name: 'Laundry service' })
    ).json();
    expect(second.accountCode).toBe('5110');

    const renamed = await admin.call('PATCH', `/api/admin/expenses/categories/${created.id}`, {
      name: 'Music and licences',
      sortOrder: 3,
    });
    expect(renamed.json()).toMatchObject({ name: 'Music and licences', sortOrder: 3 });
    const [account2] = await t.db.select().from(ledgerAccount).where(eq(ledgerAccount.code, '5100'));
    expect(account2?.name).toBe('Music and licences');

    const expenseInNew = await create({ categoryId: created.id, amountPence: 500, vatPence: 0 });
    expect((await linesOf(expenseInNew.journalEntryId)).map((l) => l.account)).toContain('5100');
  });

  it('refuses a second category of the same name, whatever its case', async () => {
    const response = await admin.call('POST', '/api/admin/expenses/categories', { name: 'rent' });
    expect(response.statusCode).toBe(409);
    const rename = await admin.call('PATCH', `/api/admin/expenses/categories/${category('Travel').id}`, {
      name: 'LAUNDRY',
    });
    expect(rename.statusCode).toBe(409);
  });

  it('keeps a retired category off new expenses but on the old ones', async () => {
    const created: ExpenseCategory = (
      await admin.call('POST', '/api/admin/expenses/categories', { name: 'Parking permits' })
    ).json();
    const old = await create({ categoryId: created.id });
    await admin.call('PATCH', `/api/admin/expenses/categories/${created.id}`, { active: false });
    const refused = await admin.call('POST', '/api/admin/expenses', {
      date: '2025-02-02',
      supplier: 'Council',
      categoryId: created.id,
      amountPence: 100,
      paymentMethod: 'cash',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain('no longer in use');
    const edited = await admin.call('PATCH', `/api/admin/expenses/${old.id}`, { amountPence: 1500 });
    expect(edited.statusCode).toBe(200);
    const list: ExpenseCategory[] = (await admin.call('GET', '/api/admin/expenses/categories')).json().categories;
    expect(list.find((c) => c.id === created.id)?.active).toBe(false);
  });
});

const starling = [
  'Date,Counter Party,Reference,Type,Amount (GBP),Balance (GBP)',
  '03/03/2026,Uber,UBER *TRIP,CARD PAYMENT,-14.20,985.80',
  '04/03/2026,Jane Client,Massage,FASTER PAYMENT,60.00,1045.80',
  '05/03/2026,Facebook Ads,FB ADS 123,CARD PAYMENT,-25.00,1020.80',
  '06/03/2026,Sparkle Launderette,,CARD PAYMENT,"-1,012.50",8.30',
].join('\n');

const nationwide = [
  '"Account Name:","Business Current"',
  '"Account Balance:","£1,000.00"',
  '',
  '"Date","Transaction type","Description","Paid out","Paid in","Balance"',
  '"10 Mar 2026","Card payment","TRAINLINE.COM","£35.10","","£964.90"',
  '"11 Mar 2026","Bank credit","CLIENT PAYMENT","","£80.00","£1,044.90"',
  '"12 Mar 2026","Direct debit","PURE ESSENTIAL OILS LTD","£18.00","","£1,026.90"',
].join('\n');

const simple = [
  'Date,Description,Amount',
  '2026-03-20,Coffee shop,-2.50',
  '2026-03-20,Coffee shop,-2.50',
  '2026-03-21,Refund,2.50',
  'not a date,Something,-1.00',
].join('\n');

async function preview(csv: string): Promise<ExpenseImportPreview> {
  const response = await admin.call('POST', '/api/admin/expenses/import/preview', { csv });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('importing a bank statement', () => {
  it('reads a Counter Party / Amount (GBP) export: money out only, with categories suggested by keyword', async () => {
    const result = await preview(starling);
    expect(result.format).toBe('Date, Counter Party, Amount (GBP)');
    expect(result.moneyInLines).toBe(1);
    expect(result.candidates.map((c) => [c.line, c.date, c.supplier, c.amountPence])).toEqual([
      [2, '2026-03-03', 'Uber', 1420],
      [4, '2026-03-05', 'Facebook Ads', 2500],
      [5, '2026-03-06', 'Sparkle Launderette', 101250],
    ]);
    expect(result.candidates.map((c) => c.suggestedCategoryId)).toEqual([
      category('Travel').id,
      category('Advertising').id,
      category('Laundry').id,
    ]);
    expect(result.candidates.every((c) => !c.duplicate && /^[0-9a-f]{64}$/.test(c.importKey))).toBe(true);
  });

  it('reads a Paid out / Paid in export below a title block, and suggests the category last used for a supplier', async () => {
    await create({
      date: '2025-12-01',
      supplier: 'Pure Essential Oils Ltd',
      categoryId: category('Equipment').id,
      amountPence: 100,
      vatPence: 0,
    });
    const result = await preview(nationwide);
    expect(result.format).toBe('Date, Description, Paid out, Paid in');
    expect(result.candidates.map((c) => [c.line, c.date, c.supplier, c.amountPence])).toEqual([
      [5, '2026-03-10', 'TRAINLINE.COM', 3510],
      [7, '2026-03-12', 'PURE ESSENTIAL OILS LTD', 1800],
    ]);
    expect(result.candidates[0]?.suggestedCategoryId).toBe(category('Travel').id);
    expect(result.candidates[1]?.suggestedCategoryId).toBe(category('Equipment').id);
  });

  it('reads a signed Amount export with ISO dates, lists the unreadable lines, and tells two identical lines apart', async () => {
    const result = await preview(simple);
    expect(result.candidates).toHaveLength(2);
    expect(result.candidates[0]?.importKey).not.toBe(result.candidates[1]?.importKey);
    expect(result.candidates[0]?.suggestedCategoryId).toBe(category('Other').id);
    expect(result.unreadable).toEqual([{ line: 5, reason: 'the date “not a date” is not one we can read' }]);
  });

  it('refuses a file it does not recognise, naming the columns it expects', async () => {
    const response = await admin.call('POST', '/api/admin/expenses/import/preview', {
      csv: 'When,What,How much\n01/01/2026,Tea,-1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/Date column.*Description.*Amount column.*Paid out and Paid in/);
    const empty = await admin.call('POST', '/api/admin/expenses/import/preview', { csv: '' });
    expect(empty.statusCode).toBe(400);
  });

  it('imports the chosen lines, and a second import of the same file flags and skips them as duplicates', async () => {
    const first = await preview(starling);
    const rows = first.candidates.map((c) => ({
      date: c.date,
      supplier: c.supplier,
      amountPence: c.amountPence,
      vatPence: 0,
      categoryId: c.suggestedCategoryId,
      paymentMethod: 'bank_transfer',
      importKey: c.importKey,
    }));
    const bankBefore = await balanceOf('1010');
    const imported = await admin.call('POST', '/api/admin/expenses/import', { rows });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({ created: 3, skippedDuplicates: 0, skippedImportKeys: [] });
    expect(await balanceOf('1010')).toBe(bankBefore - (1420 + 2500 + 101250));
    const list: ExpenseList = (await admin.call('GET', '/api/admin/expenses?from=2026-03-03&to=2026-03-06')).json();
    expect(list.expenses.every((e) => e.imported)).toBe(true);
    expect(list.totals.amountPence).toBe(1420 + 2500 + 101250);

    const second = await preview(starling);
    expect(second.candidates.map((c) => [c.duplicate, c.duplicateReason])).toEqual([
      [true, 'imported'],
      [true, 'imported'],
      [true, 'imported'],
    ]);
    const again = await admin.call('POST', '/api/admin/expenses/import', { rows: rows.slice(0, 2) });
    expect(again.json()).toMatchObject({ created: 0, skippedDuplicates: 2 });
    expect(await balanceOf('1010')).toBe(bankBefore - (1420 + 2500 + 101250));
  });

  it('flags a line matching an expense typed by hand with the same date, amount and supplier', async () => {
    await create({ date: '2026-04-02', supplier: 'boots  ', amountPence: 799, vatPence: 0 });
    const result = await preview('Date,Description,Amount\n02/04/2026,BOOTS,-7.99\n02/04/2026,BOOTS,-8.99');
    expect(result.candidates.map((c) => [c.amountPence, c.duplicateReason])).toEqual([
      [799, 'same_expense'],
      [899, null],
    ]);
    expect(result.candidates[0]?.suggestedCategoryId).toBe(category('Oils and supplies').id);
  });

  it('imports all or nothing: one bad line leaves every line unrecorded', async () => {
    const result = await preview('Date,Description,Amount\n01/05/2026,Ikea,-120.00\n02/05/2026,Argos,-30.00');
    const rows = result.candidates.map((c) => ({
      date: c.date,
      supplier: c.supplier,
      amountPence: c.amountPence,
      categoryId: c.suggestedCategoryId,
      importKey: c.importKey,
    }));
    const before = await counts();
    const unknown = '00000000-0000-4000-8000-000000000000';
    const refused = await admin.call('POST', '/api/admin/expenses/import', {
      rows: [rows[0], { ...rows[1], categoryId: unknown }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain('rows.1.categoryId');
    const future = await admin.call('POST', '/api/admin/expenses/import', {
      rows: [rows[0], { ...rows[1], date: '2999-01-01' }],
    });
    expect(future.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
    const accepted = await admin.call('POST', '/api/admin/expenses/import', { rows });
    expect(accepted.json()).toMatchObject({ created: 2 });
    expect((await counts()).expenses).toBe(before.expenses + 2);
  });
});

describe('receipts', () => {
  const cookie = () =>
    Object.entries(admin.agent.cookies)
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
  function upload(expenseId: string, filename: string, bytes: Buffer) {
    const form = multipartForm([{ name: 'file', filename, bytes, contentType: 'image/png' }]);
    return t.app.inject({
      method: 'POST',
      url: `/api/admin/expenses/${expenseId}/receipts`,
      payload: form.payload,
      headers: { 'content-type': form.contentType, origin: 'http://localhost:3000', cookie: cookie() },
    });
  }

  it('attaches a photo and a PDF to an expense, serves them back, and removes one', async () => {
    const created = await create();
    const photo = await upload(created.id, 'till receipt.png', sampleFiles.png);
    expect(photo.statusCode, photo.body).toBe(201);
    expect(photo.json()).toMatchObject({ contentType: 'image/png', size: sampleFiles.png.length });
    const pdf = await upload(created.id, 'invoice.pdf', sampleFiles.pdf);
    expect(pdf.statusCode, pdf.body).toBe(201);

    const detail: ExpenseDetail = (await admin.call('GET', `/api/admin/expenses/${created.id}`)).json();
    expect(detail.receipts.map((r) => r.contentType)).toEqual(['image/png', 'application/pdf']);
    expect(detail.receipts[1]?.filename).toMatch(/invoice\.pdf$/);
    const list: ExpenseList = (
      await admin.call('GET', `/api/admin/expenses?from=${created.date}&to=${created.date}`)
    ).json();
    expect(list.expenses.find((e) => e.id === created.id)?.receiptCount).toBe(2);

    const content = await admin.call('GET', `/api/files/${detail.receipts[0]?.fileId}/content`);
    expect(content.statusCode).toBe(200);
    expect(content.rawPayload.equals(sampleFiles.png)).toBe(true);

    const removed = await admin.call(
      'DELETE',
      `/api/admin/expenses/${created.id}/receipts/${detail.receipts[0]?.fileId}`,
    );
    expect(removed.json()).toEqual({ deleted: true });
    const after: ExpenseDetail = (await admin.call('GET', `/api/admin/expenses/${created.id}`)).json();
    expect(after.receipts.map((r) => r.contentType)).toEqual(['application/pdf']);
    expect((await admin.call('GET', `/api/files/${detail.receipts[0]?.fileId}/content`)).statusCode).toBe(404);
  });

  it('refuses a file that is not a photo or a PDF, keeping nothing', async () => {
    const created = await create();
    const refused = await upload(created.id, 'receipt.png', sampleFiles.html);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('storage/invalid-argument');
    const detail: ExpenseDetail = (await admin.call('GET', `/api/admin/expenses/${created.id}`)).json();
    expect(detail.receipts).toEqual([]);
    const missing = await upload('00000000-0000-4000-8000-000000000000', 'receipt.png', sampleFiles.png);
    expect(missing.statusCode).toBe(404);
  });
});
