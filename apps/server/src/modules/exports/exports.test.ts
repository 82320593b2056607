import type { ExpenseCategory, ExpenseDetail, InvoiceDetail } from '@app/shared';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessSettings } from '../../db/schema.ts';
import { signedIn } from '../../test/clients.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';
import { multipartForm, sampleFiles } from '../storage/test-uploads.ts';

// Issue 30, part 3: each export is read back by a real CSV parser with the columns its product documents
// (export-formats.ts quotes them), the journal balances, and the year-end pack opens as a zip.

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let invoiceDone: InvoiceDetail;
let creditNoteLabel: string;
let expenseDone: ExpenseDetail;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const from = day(-60);
const to = day(2);
const period = `from=${from}&to=${to}`;
/** A client whose name a spreadsheet would run as a formula, with a comma, quotes and a line break in it. */
const trickyName = '=HYPERLINK("http://evil.example"), Ltd\nSecond line';
const trickySupplier = '+Oils "and more", Ltd';

const ukDate = /^\d{2}\/\d{2}\/\d{4}$/;
const amount = /^-?\d+\.\d{2}$/;
const pence = (text: string | undefined) => Math.round(Number(text || '0') * 100);

function parsed(body: string, header = true) {
  const result = Papa.parse<Record<string, string> | string[]>(body, { header, skipEmptyLines: true });
  expect(result.errors).toEqual([]);
  return result;
}

async function download(product: string, kind: string) {
  const response = await admin.call('GET', `/api/admin/exports/csv?${period}&product=${product}&kind=${kind}`);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/csv/);
  expect(response.headers['content-disposition']).toBe(`attachment; filename="${product}-${kind}-${from}-${to}.csv"`);
  return response.body;
}

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '10000', API_RATE_LIMIT_MAX: '100000' });
  admin = await signedIn(t, { role: 'admin' });
  await t.db.update(businessSettings).set({ vatRegistered: true, vatRateBp: 2000 }).where(eq(businessSettings.id, 1));
  const created = await admin.call('POST', '/api/admin/invoices', {
    billToName: trickyName,
    billToEmail: 'accounts@tricky.example',
    billToAddress: '1 High Street',
    lines: [
      { description: 'Chair massage, office day', quantity: 2, unitPricePence: 5000, vatRatePercent: 20 },
      { description: 'Travel', quantity: 1, unitPricePence: 1000, vatRateBp: 0 },
    ],
    notes: '',
  });
  expect(created.statusCode, created.body).toBe(201);
  const issued = await admin.call('POST', `/api/admin/invoices/${created.json().id}/issue`, {});
  expect(issued.statusCode, issued.body).toBe(200);
  invoiceDone = issued.json();
  const second = await admin.call('POST', '/api/admin/invoices', {
    billToName: 'Cancelled Client',
    billToAddress: '',
    lines: [{ description: 'Hot stones', quantity: 1, unitPricePence: 4000, vatRatePercent: 20 }],
    notes: '',
  });
  await admin.call('POST', `/api/admin/invoices/${second.json().id}/issue`, {});
  const credited = await admin.call('POST', `/api/admin/invoices/${second.json().id}/credit-note`, {
    reason: 'Booked twice',
  });
  expect(credited.statusCode, credited.body).toBe(201);
  creditNoteLabel = credited.json().label;

  const categories: ExpenseCategory[] = (await admin.call('GET', '/api/admin/expenses/categories')).json().categories;
  const spent = await admin.call('POST', '/api/admin/expenses', {
    date: day(-3),
    supplier: trickySupplier,
    categoryId: categories[0]?.id,
    amountPence: 1200,
    vatPence: 200,
    paymentMethod: 'bank_transfer',
    notes: '-5 litres, almond',
  });
  expect(spent.statusCode, spent.body).toBe(201);
  expenseDone = spent.json();
  const form = multipartForm([
    { name: 'file', filename: 'till.png', bytes: sampleFiles.png, contentType: 'image/png' },
  ]);
  const cookie = Object.entries(admin.agent.cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
  const receipt = await t.app.inject({
    method: 'POST',
    url: `/api/admin/expenses/${expenseDone.id}/receipts`,
    payload: form.payload,
    headers: { 'content-type': form.contentType, origin: 'http://localhost:3000', cookie },
  });
  expect(receipt.statusCode, receipt.body).toBe(201);
});
afterAll(() => t.close());

describe('Xero', () => {
  it('writes the manual journal template: the documented columns, UK dates, and every journal balancing', async () => {
    const { data, meta } = parsed(await download('xero', 'journal'));
    expect(meta.fields).toEqual([
      '*Narration',
      '*Date',
      'Description',
      '*AccountCode',
      '*TaxRate',
      '*Amount',
      'TrackingName1',
      'TrackingOption1',
      'TrackingName2',
      'TrackingOption2',
    ]);
    const rows = data as Record<string, string>[];
    expect(rows.length).toBeGreaterThanOrEqual(6);
    const byJournal = new Map<string, number>();
    for (const row of rows) {
      expect(row['*Date']).toMatch(ukDate);
      expect(row['*Amount']).toMatch(amount);
      expect(row['*TaxRate']).toBe('No VAT');
      const key = `${row['*Narration']}|${row['*Date']}`;
      byJournal.set(key, (byJournal.get(key) ?? 0) + pence(row['*Amount']));
    }
    for (const total of byJournal.values()) expect(total).toBe(0);
    // The invoice's posting: the client owes £130, of which £20 is VAT.
    const invoiceRows = rows.filter((row) =>
      row['*Narration']?.includes(`Invoice ${invoiceDone.label} to ${trickyName}`),
    );
    expect(invoiceRows.find((row) => row['*AccountCode'] === '1100')?.['*Amount']).toBe('130.00');
    expect(invoiceRows.find((row) => row['*AccountCode'] === '2200')?.['*Amount']).toBe('-20.00');
  });

  it('writes the sales invoice template with a formula-looking name defused and a credit note negative', async () => {
    const body = await download('xero', 'sales');
    const { data, meta } = parsed(body);
    expect(meta.fields).toEqual([
      '*ContactName',
      'EmailAddress',
      '*InvoiceNumber',
      'Reference',
      '*InvoiceDate',
      '*DueDate',
      'Description',
      '*Quantity',
      '*UnitAmount',
      '*AccountCode',
      '*TaxType',
      'TaxAmount',
      'Currency',
    ]);
    const rows = data as Record<string, string>[];
    const lines = rows.filter((row) => row['*InvoiceNumber'] === invoiceDone.label);
    expect(lines).toHaveLength(2);
    // The cell reads back whole (comma, quotes and line break kept) behind the apostrophe spreadsheets need.
    expect(lines[0]?.['*ContactName']).toBe(`'${trickyName}`);
    expect(lines[0]).toMatchObject({
      '*Quantity': '2',
      '*UnitAmount': '50.00',
      '*TaxType': '20% (VAT on Income)',
      TaxAmount: '20.00',
      '*InvoiceDate': expect.stringMatching(ukDate),
      Currency: 'GBP',
    });
    expect(lines[1]).toMatchObject({ Description: 'Travel', '*TaxType': 'No VAT', '*UnitAmount': '10.00' });
    const credit = rows.find((row) => row['*InvoiceNumber'] === creditNoteLabel);
    expect(credit?.['*UnitAmount']).toBe('-40.00');
  });

  it('writes expenses as bills: net amount, the VAT rate named, the receipt’s supplier defused', async () => {
    const { data } = parsed(await download('xero', 'expenses'));
    const row = (data as Record<string, string>[]).find((line) => line['*ContactName'] === `'${trickySupplier}`);
    expect(row).toMatchObject({
      '*UnitAmount': '10.00',
      TaxAmount: '2.00',
      '*TaxType': '20% (VAT on Expenses)',
      '*Quantity': '1',
    });
    expect(row?.Description).toMatch(/: -5 litres, almond$/);
  });
});

describe('QuickBooks', () => {
  it('writes journal entries with account names, debits and credits apart, each entry balancing', async () => {
    const { data, meta } = parsed(await download('quickbooks', 'journal'));
    expect(meta.fields).toEqual([
      'Journal No.',
      'Journal Date',
      'Account Name',
      'Description',
      'Debits',
      'Credits',
      'Name',
    ]);
    const rows = data as Record<string, string>[];
    const byEntry = new Map<string, number>();
    for (const row of rows) {
      expect(row['Journal Date']).toMatch(ukDate);
      expect(Boolean(row.Debits) !== Boolean(row.Credits)).toBe(true);
      expect(row['Account Name']).not.toMatch(/^\d+$/);
      const key = row['Journal No.'] ?? '';
      byEntry.set(key, (byEntry.get(key) ?? 0) + pence(row.Debits) - pence(row.Credits));
    }
    expect(byEntry.size).toBeGreaterThanOrEqual(3);
    for (const total of byEntry.values()) expect(total).toBe(0);
  });

  it('writes invoices with Intuit’s default headers and expenses as bank lines', async () => {
    const sales = parsed(await download('quickbooks', 'sales'));
    expect(sales.meta.fields).toEqual([
      'Invoice number',
      'Customer',
      'Invoice date',
      'Due date',
      'Terms',
      'Item (Product/Service)',
      'Item Description',
      'Item Quantity',
      'Item Rate',
      'Item Amount',
      'Item tax code',
      'Memo',
    ]);
    const first = (sales.data as Record<string, string>[]).find((row) => row['Invoice number'] === invoiceDone.label);
    expect(first).toMatchObject({ 'Item Amount': '100.00', 'Item tax code': '20.0% S', 'Item Rate': '50.00' });
    const spent = parsed(await download('quickbooks', 'expenses'));
    expect(spent.meta.fields).toEqual(['Date', 'Description', 'Amount']);
    const line = (spent.data as Record<string, string>[]).find((row) => row.Description?.includes('Oils'));
    expect(line).toMatchObject({ Amount: '-12.00', Date: expect.stringMatching(ukDate) });
    expect(line?.Description?.startsWith("'+Oils")).toBe(true);
  });
});

describe('FreeAgent', () => {
  it('writes bank statements as FreeAgent documents them: no header, date, amount, description, no quotes or commas', async () => {
    for (const kind of ['journal', 'sales', 'expenses']) {
      const body = await download('freeagent', kind);
      expect(body).not.toContain('"');
      const { data } = parsed(body, false);
      const rows = data as string[][];
      expect(rows.length).toBeGreaterThan(0);
      for (const [date, money, description, ...rest] of rows) {
        expect(rest).toEqual([]);
        expect(date).toMatch(ukDate);
        expect(money).toMatch(amount);
        expect(description).toBeTruthy();
      }
    }
    const sales = parsed(await download('freeagent', 'sales'), false).data as string[][];
    const invoiceLine = sales.find((row) => row[2]?.startsWith(invoiceDone.label));
    expect(invoiceLine?.[1]).toBe('130.00');
    expect(invoiceLine?.[2]).not.toMatch(/[,\n"]/);
    expect(sales.find((row) => row[2]?.startsWith(creditNoteLabel))?.[1]).toBe('-48.00');
    const spent = parsed(await download('freeagent', 'expenses'), false).data as string[][];
    expect(spent.find((row) => row[2]?.startsWith("'+Oils"))?.[1]).toBe('-12.00');
    // The journal as a statement of the bank account: the expense paid by transfer went out of it.
    const bank = parsed(await download('freeagent', 'journal'), false).data as string[][];
    expect(bank.some((row) => row[1] === '-12.00')).toBe(true);
  });
});

describe('refusals', () => {
  it('answers 400 with the field for a bad period or product, and 403 to anyone but the owner', async () => {
    const backwards = await admin.call('GET', `/api/admin/exports/csv?from=${to}&to=${from}&product=xero&kind=journal`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain('The end is before the start');
    const product = await admin.call('GET', `/api/admin/exports/csv?${period}&product=sage&kind=journal`);
    expect(product.statusCode).toBe(400);
    expect(product.body).toContain('Choose Xero, QuickBooks or FreeAgent');
    expect((await admin.call('GET', `/api/admin/exports/year-end-pack?from=2026-13-01&to=${to}`)).statusCode).toBe(400);
    const client = await signedIn(t);
    expect((await client.call('GET', `/api/admin/exports/csv?${period}&product=xero&kind=journal`)).statusCode).toBe(
      403,
    );
    expect((await client.call('GET', `/api/admin/exports/year-end-pack?${period}`)).statusCode).toBe(403);
  });
});

describe('the year-end pack', () => {
  it('is one zip with the reports, the VAT, the journal, every invoice as a PDF and the receipts', async () => {
    const response = await admin.call('GET', `/api/admin/exports/year-end-pack?${period}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const names = Object.keys(files);
    expect(names).toEqual(
      expect.arrayContaining([
        'trial-balance.csv',
        'profit-and-loss.csv',
        'balance-sheet.csv',
        `vat/vat-${from}-${to}.csv`,
        'journal.csv',
        `invoices/${invoiceDone.label}.pdf`,
        `invoices/${creditNoteLabel}.pdf`,
      ]),
    );
    const text = (name: string) => new TextDecoder().decode(files[name]);
    const pdf = files[`invoices/${invoiceDone.label}.pdf`];
    expect(new TextDecoder().decode(pdf?.slice(0, 5))).toBe('%PDF-');
    const receipts = names.filter((name) => name.startsWith('receipts/'));
    expect(receipts).toHaveLength(1);
    expect(Buffer.from(files[receipts[0] ?? ''] ?? []).equals(sampleFiles.png)).toBe(true);

    const trial = parsed(text('trial-balance.csv')).data as Record<string, string>[];
    const total = trial.find((row) => row.Account === 'Total');
    expect(total?.Debit).toBe(total?.Credit);
    const sheet = parsed(text('balance-sheet.csv')).data as Record<string, string>[];
    const line = (item: string) => sheet.find((row) => Object.values(row).includes(item))?.Amount;
    expect(line('Total assets')).toBe(line('Liabilities and equity'));
    expect(pence(line('Total assets'))).toBeGreaterThan(0);
    expect(text('vat/' + `vat-${from}-${to}.csv`)).toContain('Total VAT due');
    expect(text('journal.csv').split('\r\n')[0]).toBe('Number,Date,Description,Account code,Account,Debit,Credit,Memo');
  });
});
