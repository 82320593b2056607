import type { CashReport, ProfitAndLoss, VatReport, YearEndSummary } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { booking, businessSettings, service } from '../../db/schema.ts';
import { signedIn } from '../../test/clients.ts';
import { createTestApp, type TestApp } from '../../test/test-context.ts';
import { postJournalEntry } from '../ledger/ledger.service.ts';
import {
  bookingPaymentEntry,
  bookingRefundEntry,
  type EntryDraft,
  expenseEntry,
  invoiceIssuedEntry,
  invoicePaymentEntry,
} from '../ledger/postings.ts';
import { profitAndLoss } from './finances.service.ts';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

const therapeutic = (serviceType: string, vatRateBp = 2000) => ({
  style: 'therapeutic' as const,
  serviceType,
  vatRateBp,
});

/**
 * A small year of business, posted through the ledger's own builders:
 * 2024-12-31 £40 cash (no VAT) — before the year, so it only opens the cash balance
 * 2025-01-10 £60 by card, therapeutic deep tissue (£50 + £10 VAT)
 * 2025-02-15 £90 cash, sensual tantric (£75 + £15 VAT)
 * 2025-02-20 rent £120 from the bank (£100 + £20 VAT)
 * 2025-04-05 £30 refunded to the card, therapeutic deep tissue (£25 + £5 VAT)
 * 2025-05-01 invoice for sports massage, £100 + £20 VAT
 * 2025-05-20 £50 paid against it by bank transfer
 * 2025-06-01 laundry £15 paid by the owner (no VAT)
 * 2026-01-02 £50 by card, therapeutic deep tissue (no VAT) — after the year
 */
const entries: EntryDraft[] = [
  bookingPaymentEntry({
    paymentId: 'p0',
    date: '2024-12-31',
    amountPence: 4000,
    method: 'cash',
    sale: therapeutic('deep-tissue', 0),
    description: 'Payment',
  }),
  bookingPaymentEntry({
    paymentId: 'p1',
    date: '2025-01-10',
    amountPence: 6000,
    method: 'card',
    sale: therapeutic('deep-tissue'),
    description: 'Payment',
  }),
  bookingPaymentEntry({
    paymentId: 'p2',
    date: '2025-02-15',
    amountPence: 9000,
    method: 'cash',
    sale: { style: 'sensual', serviceType: 'tantric', vatRateBp: 2000 },
    description: 'Payment',
  }),
  expenseEntry({
    expenseId: 'e1',
    date: '2025-02-20',
    description: 'Rent',
    expenseAccountCode: '5020',
    amountPence: 12000,
    vatPence: 2000,
    method: 'bank_transfer',
  }),
  bookingRefundEntry({
    refundId: 'r1',
    date: '2025-04-05',
    amountPence: 3000,
    method: 'card',
    sale: therapeutic('deep-tissue'),
    description: 'Refund',
  }),
  invoiceIssuedEntry({
    invoiceId: 'i1',
    date: '2025-05-01',
    description: 'Invoice INV-1',
    lines: [{ netPence: 10000, vatPence: 2000, style: 'therapeutic', serviceType: 'sports' }],
  }),
  invoicePaymentEntry({
    paymentId: 'p3',
    date: '2025-05-20',
    amountPence: 5000,
    method: 'bank_transfer',
    description: 'Invoice payment',
  }),
  expenseEntry({
    expenseId: 'e2',
    date: '2025-06-01',
    description: 'Laundry',
    expenseAccountCode: '5010',
    amountPence: 1500,
    vatPence: 0,
    method: 'owner',
  }),
  bookingPaymentEntry({
    paymentId: 'p4',
    date: '2026-01-02',
    amountPence: 5000,
    method: 'card',
    sale: therapeutic('deep-tissue', 0),
    description: 'Payment',
  }),
];

async function addBooking(startsAt: string, status: 'completed' | 'cancelled') {
  const [found] = await t.db.select().from(service).limit(1);
  if (!found) throw new Error('no seeded service');
  const start = new Date(startsAt).getTime();
  await t.db.insert(booking).values({
    serviceId: found.id,
    serviceName: found.name,
    style: 'therapeutic',
    type: found.type,
    durationMinutes: 60,
    pricePence: 6000,
    startsAt: new Date(start),
    endsAt: new Date(start + 3_600_000),
    occupiedUntil: new Date(start + 4_500_000),
    status,
    clientName: 'Sam Client',
  });
}

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_MAX: '10000' });
  admin = await signedIn(t, { role: 'admin' });
  await t.db.transaction(async (tx) => {
    for (const entry of entries) await postJournalEntry(tx, { draft: entry, createdBy: admin.id });
  });
  await addBooking('2025-03-10T10:00:00Z', 'completed');
  await addBooking('2025-07-10T10:00:00Z', 'completed');
  await addBooking('2025-07-11T10:00:00Z', 'cancelled');
  await addBooking('2024-12-30T10:00:00Z', 'completed');
  // 00:30 on 1 April 2025 in London (summer time): in the financial year that starts that day.
  await addBooking('2025-03-31T23:30:00Z', 'completed');
});
afterAll(() => t.close());

const get = async <T>(url: string) => {
  const response = await admin.call('GET', url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
};

describe('profit and loss', () => {
  it('shows each month’s income by style and type, expenses by category and the net, with a totals column', async () => {
    const report = await get<ProfitAndLoss>('/api/admin/finances/profit-and-loss?from=2025-01-01&to=2025-12-31');
    expect(report.periods.map((period) => period.label)).toEqual([
      'Jan 2025',
      'Feb 2025',
      'Mar 2025',
      'Apr 2025',
      'May 2025',
      'Jun 2025',
      'Jul 2025',
      'Aug 2025',
      'Sep 2025',
      'Oct 2025',
      'Nov 2025',
      'Dec 2025',
    ]);
    const [jan, feb, , apr, may, jun] = report.periods;
    expect(jan?.income.byStyle).toEqual({ therapeutic: 5000, sensual: 0, other: 0 });
    expect(feb).toMatchObject({
      start: '2025-02-01',
      end: '2025-02-28',
      income: { total: 7500, byStyle: { therapeutic: 0, sensual: 7500, other: 0 } },
      expenses: { total: 10000 },
      net: -2500,
    });
    expect(feb?.expenses.byCategory).toEqual([
      { accountCode: '5010', name: 'Laundry', pence: 0 },
      { accountCode: '5020', name: 'Rent', pence: 10000 },
    ]);
    expect(apr?.income.total).toBe(-2500);
    expect(may?.income.byType).toEqual([
      { style: 'therapeutic', serviceType: 'deep-tissue', pence: 0 },
      { style: 'therapeutic', serviceType: 'sports', pence: 10000 },
      { style: 'sensual', serviceType: 'tantric', pence: 0 },
    ]);
    expect(jun?.net).toBe(-1500);

    expect(report.totals).toMatchObject({
      label: 'Total',
      start: '2025-01-01',
      end: '2025-12-31',
      income: { total: 20000, byStyle: { therapeutic: 12500, sensual: 7500, other: 0 } },
      expenses: { total: 11500 },
      net: 8500,
    });
    expect(report.totals.income.byType.map((type) => type.pence)).toEqual([2500, 10000, 7500]);
    expect(report.periods.reduce((sum, period) => sum + period.net, 0)).toBe(report.totals.net);
  });

  it('groups by quarter and by year, clipping the first and last period to the dates asked for', async () => {
    const quarters = await get<ProfitAndLoss>(
      '/api/admin/finances/profit-and-loss?from=2025-02-01&to=2025-12-31&granularity=quarter',
    );
    expect(quarters.periods.map(({ label, start, end, net }) => ({ label, start, end, net }))).toEqual([
      { label: 'Q1 2025', start: '2025-02-01', end: '2025-03-31', net: -2500 },
      { label: 'Q2 2025', start: '2025-04-01', end: '2025-06-30', net: 6000 },
      { label: 'Q3 2025', start: '2025-07-01', end: '2025-09-30', net: 0 },
      { label: 'Q4 2025', start: '2025-10-01', end: '2025-12-31', net: 0 },
    ]);

    const years = await get<ProfitAndLoss>(
      '/api/admin/finances/profit-and-loss?from=2024-12-01&to=2026-06-30&granularity=year',
    );
    expect(years.periods.map(({ label, income, net }) => ({ label, income: income.total, net }))).toEqual([
      { label: '2024', income: 4000, net: 4000 },
      { label: '2025', income: 20000, net: 8500 },
      { label: '2026', income: 5000, net: 5000 },
    ]);
    expect(years.totals.net).toBe(17500);
  });

  it('is the same figures when called as a service as over HTTP', async () => {
    const actor = { id: admin.id, role: 'admin' as const, email: admin.email, name: 'Owner', phone: null };
    const report = await profitAndLoss(t.db, {
      actor,
      query: { from: '2025-01-01', to: '2025-12-31', granularity: 'year' },
    });
    expect(report.periods).toHaveLength(1);
    expect(report.periods[0]?.net).toBe(8500);
  });
});

describe('VAT', () => {
  it('separates VAT on sales from VAT on expenses and fills the VAT return boxes', async () => {
    const report = await get<VatReport>('/api/admin/finances/vat?from=2025-01-01&to=2025-12-31');
    expect(report).toMatchObject({
      vatRegistered: false,
      outputVat: 4000,
      inputVat: 2000,
      netDue: 2000,
      otherVatMovements: 0,
      boxes: { box1: 4000, box2: 0, box3: 4000, box4: 2000, box5: 2000, box6: 20000, box7: 11500 },
    });
  });

  it('covers only the entries dated in the quarter asked for and says when the business is VAT registered', async () => {
    await t.db.update(businessSettings).set({ vatRegistered: true, vatNumber: 'GB123456789' });
    try {
      const report = await get<VatReport>('/api/admin/finances/vat?from=2025-01-01&to=2025-03-31');
      expect(report).toMatchObject({
        vatRegistered: true,
        vatNumber: 'GB123456789',
        outputVat: 2500,
        inputVat: 2000,
        netDue: 500,
        boxes: { box6: 12500, box7: 10000 },
      });
    } finally {
      await t.db.update(businessSettings).set({ vatRegistered: false, vatNumber: '' });
    }
  });
});

describe('cash', () => {
  it('gives each money account’s opening balance, money in and out, closing balance, and what clients owe', async () => {
    const report = await get<CashReport>('/api/admin/finances/cash?from=2025-01-01&to=2025-12-31');
    expect(report.accounts).toEqual([
      { accountCode: '1000', name: 'Cash', opening: 4000, moneyIn: 9000, moneyOut: 0, closing: 13000 },
      { accountCode: '1010', name: 'Bank', opening: 0, moneyIn: 5000, moneyOut: 12000, closing: -7000 },
      { accountCode: '1020', name: 'Card clearing', opening: 0, moneyIn: 6000, moneyOut: 3000, closing: 3000 },
    ]);
    expect(report.total).toEqual({ opening: 4000, moneyIn: 20000, moneyOut: 15000, closing: 9000 });
    expect(report.receivablesOutstanding).toBe(7000);
  });
});

describe('year end', () => {
  it('sums up the calendar year: profit, VAT owed, receivables, cash, the owner’s money and bookings completed', async () => {
    const report = await get<YearEndSummary>('/api/admin/finances/year-end?year=2025');
    expect(report).toMatchObject({
      label: '2025',
      from: '2025-01-01',
      to: '2025-12-31',
      income: { total: 20000, byStyle: { therapeutic: 12500, sensual: 7500, other: 0 } },
      expenses: { total: 11500 },
      netProfit: 8500,
      vatOwed: 2000,
      receivables: 7000,
      cash: { total: 9000 },
      ownerEquityMovement: 1500,
      bookingsCompleted: 3,
    });
    expect(report.cash.accounts.map((account) => account.balance)).toEqual([13000, -7000, 3000]);
  });

  it('follows a financial year that starts in April, counting bookings on the business’s clock', async () => {
    const report = await get<YearEndSummary>('/api/admin/finances/year-end?year=2025&yearStartMonth=4');
    expect(report).toMatchObject({
      label: '2025–26',
      from: '2025-04-01',
      to: '2026-03-31',
      income: { total: 12500 },
      expenses: { total: 1500, byCategory: [{ accountCode: '5010', name: 'Laundry', pence: 1500 }] },
      netProfit: 11000,
      bookingsCompleted: 2,
    });
  });
});

describe('CSV export', () => {
  it('downloads the profit and loss as a CSV file with a header row and amounts in pounds', async () => {
    const response = await admin.call(
      'GET',
      '/api/admin/finances/profit-and-loss?from=2025-01-01&to=2025-03-31&format=csv',
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="profit-and-loss-2025-01-01-2025-03-31.csv"',
    );
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Section,Item,Jan 2025,Feb 2025,Mar 2025,Total');
    expect(lines).toContain('Income by style,Therapeutic,50.00,0.00,0.00,50.00');
    expect(lines).toContain('Income by type,Sensual: tantric,0.00,75.00,0.00,75.00');
    expect(lines).toContain('Income,Total income,50.00,75.00,0.00,125.00');
    expect(lines).toContain('Expenses,Rent (5020),0.00,100.00,0.00,100.00');
    expect(lines.at(-1)).toBe('Net,Net profit,50.00,-25.00,0.00,25.00');
  });

  it('downloads the VAT, cash and year-end reports as CSV too', async () => {
    const vat = await admin.call('GET', '/api/admin/finances/vat?from=2025-01-01&to=2025-12-31&format=csv');
    expect(vat.headers['content-disposition']).toBe('attachment; filename="vat-2025-01-01-2025-12-31.csv"');
    expect(vat.body.split('\r\n').slice(0, 2)).toEqual([
      'Box,Description,Amount',
      '1,VAT due on sales and other outputs,40.00',
    ]);
    expect(vat.body).toContain('5,Net VAT to pay to HMRC or reclaim,20.00\r\n');

    const cash = await admin.call('GET', '/api/admin/finances/cash?from=2025-01-01&to=2025-12-31&format=csv');
    expect(cash.headers['content-disposition']).toBe('attachment; filename="cash-2025-01-01-2025-12-31.csv"');
    expect(cash.body.split('\r\n')).toEqual([
      'Account,Opening balance,Money in,Money out,Closing balance',
      'Cash (1000),40.00,90.00,0.00,130.00',
      'Bank (1010),0.00,50.00,120.00,-70.00',
      'Card clearing (1020),0.00,60.00,30.00,30.00',
      'Total,40.00,200.00,150.00,90.00',
      'Receivables outstanding,,,,70.00',
      '',
    ]);

    const yearEnd = await admin.call('GET', '/api/admin/finances/year-end?year=2025&format=csv');
    expect(yearEnd.headers['content-disposition']).toBe('attachment; filename="year-end-2025-01-01-2025-12-31.csv"');
    expect(yearEnd.body).toContain('Item,Amount\r\n');
    expect(yearEnd.body).toContain('Net profit,85.00\r\n');
    expect(yearEnd.body).toContain('Bookings completed,3\r\n');
  });
});

describe('access and validation', () => {
  it('refuses clients and visitors', async () => {
    const client = await signedIn(t);
    const refused = await client.call('GET', '/api/admin/finances/profit-and-loss?from=2025-01-01&to=2025-12-31');
    expect(refused.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/admin/finances/cash?from=2025-01-01&to=2025-12-31',
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it.each([
    ['a date that does not exist', '/api/admin/finances/profit-and-loss?from=2025-02-30&to=2025-03-31'],
    ['a missing end date', '/api/admin/finances/vat?from=2025-01-01'],
    ['an end before the start', '/api/admin/finances/cash?from=2025-03-01&to=2025-02-28'],
    ['more than ten years', '/api/admin/finances/profit-and-loss?from=2015-01-01&to=2025-01-01'],
    ['an unknown granularity', '/api/admin/finances/profit-and-loss?from=2025-01-01&to=2025-12-31&granularity=week'],
    ['an unknown format', '/api/admin/finances/vat?from=2025-01-01&to=2025-12-31&format=pdf'],
    ['a financial year starting in month 13', '/api/admin/finances/year-end?year=2025&yearStartMonth=13'],
    ['no year', '/api/admin/finances/year-end'],
  ])('refuses %s as a validation error', async (_label, url) => {
    const response = await admin.call('GET', url);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION');
  });

  it('accepts a range of exactly ten years', async () => {
    await get<ProfitAndLoss>('/api/admin/finances/profit-and-loss?from=2015-01-01&to=2024-12-31&granularity=year');
  });
});
