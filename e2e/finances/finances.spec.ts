import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { phoneBooking, uniqueName } from '../back-office/back-office.ts';
import { signInAsAdmin } from '../support/auth.ts';
import { pageAtRest } from '../support/axe.ts';
import { pastMonth } from '../support/diary.ts';
import { fillDateRange } from '../support/filters.ts';
import { expect, test } from '../support/fixtures.ts';

// Nothing here depends on the payment policy: it runs beside a test that changes it (fixtures.ts).
test.use({ paymentPolicy: 'ignores' });

async function expectNoViolations(page: Page) {
  await page.mouse.move(0, 0);
  await pageAtRest(page);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map(({ id, help, nodes }) => ({ id, help, targets: nodes.map((n) => n.target) }))).toEqual(
    [],
  );
}

/**
 * A month of its own, years back, so that the money other tests record this month never mixes with ours:
 * a £72 card payment for a Swedish massage on the 14th and £30 of rent paid from the bank on the 20th.
 */
async function recordMonth(request: APIRequestContext) {
  const own = pastMonth();
  const year = own.year;
  const month = String(own.month).padStart(2, '0');
  // Recorded afterwards (an appointment that took place that month): the month is this test's alone in the run.
  const booking = await phoneBooking(request, {
    date: own.day(14),
    time: '11:00',
    name: uniqueName('Fiona'),
  });
  const paid = await request.post(`/api/admin/bookings/${booking.id}/payments`, {
    data: { amountPence: 7200, method: 'card', paidAt: `${year}-${month}-14T12:00:00Z` },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  const categories = (await (await request.get('/api/admin/expenses/categories')).json()) as {
    categories: { id: string; name: string }[];
  };
  const rent = categories.categories.find((category) => category.name === 'Rent');
  if (!rent) throw new Error('no Rent category');
  const spent = await request.post('/api/admin/expenses', {
    data: {
      date: `${year}-${month}-20`,
      supplier: 'Studio Lettings',
      categoryId: rent.id,
      amountPence: 3000,
      vatPence: 0,
      paymentMethod: 'bank_transfer',
    },
  });
  expect(spent.ok(), await spent.text()).toBe(true);
  return { from: own.from, to: own.to };
}

test('the owner reads a month’s income, expenses and net, its VAT and cash, and downloads them as CSV', async ({
  page,
}) => {
  test.slow();
  await signInAsAdmin(page);
  const month = await recordMonth(page.request);

  await page.goto('/finances');
  await expect(page).toHaveTitle(/^Finances/);
  await page.getByLabel('Period').selectOption('Custom dates');
  await fillDateRange(page, month.from, month.to);

  const pnl = page.getByRole('table', { name: 'Profit and loss' });
  await expect(pnl.locator('thead').getByRole('columnheader')).toHaveText(['Item', /^\w{3} \d{4}$/, 'Total']);
  await expect(pnl.getByRole('row', { name: /^Total income/ })).toContainText('£72.00');
  await expect(pnl.getByRole('row', { name: /^Swedish \(therapeutic\)/ })).toContainText('£72.00');
  await expect(pnl.getByRole('row', { name: /^Rent/ })).toContainText('£30.00');
  await expect(pnl.getByRole('row', { name: /^Total expenses/ })).toContainText('£30.00');
  await expect(pnl.getByRole('row', { name: /^Net profit/ })).toContainText('£42.00');
  await expectNoViolations(page);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`profit-and-loss-${month.from}-${month.to}.csv`);
  const csv = await readFile(await file.path(), 'utf8');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toMatch(/^Section,Item,\w{3} \d{4},Total$/);
  expect(lines).toContain('Income,Total income,72.00,72.00');
  expect(lines).toContain('Expenses,Rent (5020),30.00,30.00');
  expect(lines).toContain('Net,Net profit,42.00,42.00');

  await page.getByRole('tab', { name: 'VAT' }).click();
  await expect(page).toHaveURL(/tab=vat/);
  await expect(page.getByText('Not VAT registered')).toBeVisible();
  const boxes = page.getByRole('table', { name: 'VAT return boxes' });
  await expect(boxes.getByRole('row', { name: /^Box 6/ })).toContainText('£72.00');
  await expect(boxes.getByRole('row', { name: /^Box 7/ })).toContainText('£30.00');
  await expect(boxes.getByRole('row', { name: /^Box 5/ })).toContainText('£0.00');
  await expectNoViolations(page);

  await page.getByRole('tab', { name: 'Cash' }).click();
  const cash = page.getByRole('table', { name: 'Cash position' });
  await expect(cash.getByRole('row', { name: /^Card clearing/ }).getByRole('cell')).toHaveText([
    /£/,
    '£72.00',
    '£0.00',
    /£/,
  ]);
  await expect(cash.getByRole('row', { name: /^Bank/ }).getByRole('cell').nth(2)).toHaveText('£30.00');
  await expectNoViolations(page);
  const cashDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const cashCsv = await readFile(await (await cashDownload).path(), 'utf8');
  expect(cashCsv.split('\r\n')[0]).toBe('Account,Opening balance,Money in,Money out,Closing balance');
  expect(cashCsv).toMatch(/\r\nCard clearing \(1020\),-?\d+\.\d{2},72\.00,0\.00,-?\d+\.\d{2}\r\n/);

  // The period stays in the address: a reload shows the same month.
  await page.reload();
  await expect(page.getByRole('table', { name: 'Cash position' })).toBeVisible();
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(month.from);
});

test('the year-end summary and the profit and loss read well on a phone @phone', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/finances?granularity=quarter');
  const pnl = page.getByRole('table', { name: 'Profit and loss' });
  await expect(pnl.locator('thead').getByRole('columnheader')).toHaveText([
    'Item',
    /^Q1 /,
    /^Q2 /,
    /^Q3 /,
    /^Q4 /,
    'Total',
  ]);
  // It opens on the current quarter: wholly in view beside the sticky first column, whatever the quarter.
  const box = page.getByRole('region', { name: /^Profit and loss.*scrolls sideways/ });
  const current = pnl.locator('thead th[aria-current]');
  await expect(current).toHaveCount(1);
  const boxRect = await box.boundingBox();
  const itemRect = await pnl.locator('thead th').first().boundingBox();
  const currentRect = await current.boundingBox();
  if (!boxRect || !itemRect || !currentRect) throw new Error('the table is not laid out');
  expect(currentRect.x).toBeGreaterThanOrEqual(itemRect.x + itemRect.width - 1);
  expect(currentRect.x + currentRect.width).toBeLessThanOrEqual(boxRect.x + boxRect.width + 1);
  // A wide table scrolls inside its own box; the page itself never scrolls sideways.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoViolations(page);

  await page.getByRole('tab', { name: 'Year end' }).click();
  await page.getByLabel('Financial year starts in').selectOption('April');
  await expect(page).toHaveURL(/start=4/);
  const summary = page.getByRole('table', { name: /^Year end \d{4}–\d{2}$/ });
  await expect(summary.getByRole('row', { name: /^Net profit/ })).toBeVisible();
  await expect(page.getByText(/^Bookings completed:/)).toBeVisible();
  await expectNoViolations(page);
});
