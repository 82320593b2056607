import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import Papa from 'papaparse';
import { signInAsAdmin } from '../support/auth.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { pastMonth } from '../support/diary.ts';
import { fillDateRange } from '../support/filters.ts';
import { expect, test } from '../support/fixtures.ts';

// Issue 30, part 3: the owner downloads the accountant's exports from Finances › Exports and each file reads back
// with the columns its product documents. Nothing here depends on the payment policy (fixtures.ts).
test.use({ paymentPolicy: 'ignores' });

/** A month of its own, years back: £36 of oils (£6 VAT) bought from a supplier whose name looks like a formula. */
async function recordMonth(request: APIRequestContext) {
  const own = pastMonth();
  const categories = (await (await request.get('/api/admin/expenses/categories')).json()) as {
    categories: { id: string; name: string }[];
  };
  const category = categories.categories[0];
  if (!category) throw new Error('no expense category');
  const supplier = `=SUM(1,2) Oils ${own.from}`;
  const spent = await request.post('/api/admin/expenses', {
    data: {
      date: own.day(12),
      supplier,
      categoryId: category.id,
      amountPence: 3600,
      vatPence: 600,
      paymentMethod: 'bank_transfer',
    },
  });
  expect(spent.ok(), await spent.text()).toBe(true);
  return { from: own.from, to: own.to, supplier };
}

async function downloaded(page: Page, name: string | RegExp) {
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name }).click();
  const file = await download;
  return { name: file.suggestedFilename(), path: await file.path() };
}

test('the owner downloads the journal for QuickBooks, the expenses for Xero and the year-end pack @phone', async ({
  page,
}) => {
  test.slow();
  await signInAsAdmin(page);
  const month = await recordMonth(page.request);

  await page.goto('/finances?tab=exports');
  await expect(page.getByRole('tab', { name: 'Exports' })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('Period').selectOption('Custom dates');
  await fillDateRange(page, month.from, month.to);
  await expect(page.getByRole('link', { name: 'Download journal for Xero' })).toBeVisible();
  // At rest first (the shared check): the product switch's labels fade their colour, and a fading one read as faint.
  await expectNoAxeViolations(page, 'the exports, light');
  // The owner's screen in the dark scheme too.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expectNoAxeViolations(page, 'the exports, dark');
  await page.emulateMedia({ colorScheme: 'light' });

  // Xero's bill import: the documented columns, the net amount and its VAT, the formula-looking name defused.
  const xero = await downloaded(page, 'Download expenses for Xero');
  expect(xero.name).toBe(`xero-expenses-${month.from}-${month.to}.csv`);
  const bills = Papa.parse<Record<string, string>>(await readFile(xero.path, 'utf8'), {
    header: true,
    skipEmptyLines: true,
  });
  expect(bills.errors).toEqual([]);
  expect(bills.meta.fields).toEqual(
    expect.arrayContaining(['*ContactName', '*InvoiceDate', '*UnitAmount', '*TaxType']),
  );
  const bill = bills.data.find((row) => row['*ContactName'] === `'${month.supplier}`);
  expect(bill).toMatchObject({ '*UnitAmount': '30.00', TaxAmount: '6.00', '*TaxType': '20% (VAT on Expenses)' });

  // QuickBooks' journal entry import: account names, debits and credits apart, every entry balanced.
  await page.getByText('QuickBooks', { exact: true }).click();
  await expect(page).toHaveURL(/product=quickbooks/);
  const quickBooks = await downloaded(page, 'Download journal for QuickBooks');
  expect(quickBooks.name).toBe(`quickbooks-journal-${month.from}-${month.to}.csv`);
  const journal = Papa.parse<Record<string, string>>(await readFile(quickBooks.path, 'utf8'), {
    header: true,
    skipEmptyLines: true,
  });
  expect(journal.errors).toEqual([]);
  expect(journal.meta.fields).toEqual([
    'Journal No.',
    'Journal Date',
    'Account Name',
    'Description',
    'Debits',
    'Credits',
    'Name',
  ]);
  const pence = (text: string | undefined) => Math.round(Number(text || '0') * 100);
  const net = journal.data.reduce((sum, row) => sum + pence(row.Debits) - pence(row.Credits), 0);
  expect(net).toBe(0);
  const bank = journal.data.find((row) => row['Account Name'] === 'Bank' && row.Credits === '36.00');
  expect(bank?.['Journal Date']).toBe(month.from.replace(/^(\d{4})-(\d{2})-01$/, '12/$2/$1'));

  // The year-end pack: one zip with the reports and the journal.
  const pack = await downloaded(page, 'Download year-end pack');
  expect(pack.name).toBe(`year-end-pack-${month.from}-${month.to}.zip`);
  const files = unzipSync(new Uint8Array(await readFile(pack.path)));
  expect(Object.keys(files)).toEqual(
    expect.arrayContaining(['trial-balance.csv', 'profit-and-loss.csv', 'balance-sheet.csv', 'journal.csv']),
  );
  expect(new TextDecoder().decode(files['journal.csv'])).toContain(month.supplier);

  // A phone shows the buttons without the page scrolling sideways.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
