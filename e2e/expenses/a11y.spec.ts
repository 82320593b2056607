import type { ExpenseCategoryList, ExpenseDetail } from '@app/shared';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { signInAsAdmin } from '../support/auth.ts';
import { pageAtRest } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { misfitsAtRest } from '../support/phone-fit.ts';
import { receiptPng, uniqueWord } from './expenses.ts';

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

test('axe finds no violations on /expenses, its dialogs and /expenses/:id @phone', async ({
  page,
  baseURL,
}, testInfo) => {
  test.slow();
  await signInAsAdmin(page);
  const { categories } = (await (
    await page.request.get('/api/admin/expenses/categories')
  ).json()) as ExpenseCategoryList;
  const created = await page.request.post('/api/admin/expenses', {
    data: {
      date: '2025-04-01',
      supplier: `Towel Co ${uniqueWord()}`,
      categoryId: categories[0]?.id,
      amountPence: 1999,
      vatPence: 0,
      paymentMethod: 'card',
    },
  });
  expect(created.status()).toBe(201);
  const expense = (await created.json()) as ExpenseDetail;
  const receipt = await page.request.post(`/api/admin/expenses/${expense.id}/receipts`, {
    headers: { origin: baseURL ?? '' },
    multipart: { file: { name: 'receipt.png', mimeType: 'image/png', buffer: receiptPng(20, 30) } },
  });
  expect(receipt.status()).toBe(201);

  await page.goto('/expenses');
  await expect(page.getByText(/\d+ expenses?$/)).toBeVisible();
  await expectNoViolations(page);

  await page.getByRole('button', { name: 'Add expense' }).click();
  await expect(page.getByRole('dialog', { name: 'Add expense' })).toBeVisible();
  await page.getByRole('button', { name: 'Save expense' }).click();
  await expect(page.getByText('Enter the supplier')).toBeVisible();
  await expectNoViolations(page);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Import bank statement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import bank statement' });
  await dialog.getByLabel('Bank statement (CSV file)').setInputFiles({
    name: 'statement.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`Date,Description,Amount\n01/04/2025,${expense.supplier},-19.99\n02/04/2025,TfL,-2.80`),
  });
  await expect(dialog.getByText('Already recorded', { exact: true })).toBeVisible();
  await expectNoViolations(page);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Categories' }).click();
  await expect(page.getByRole('dialog', { name: 'Expense categories' })).toBeVisible();
  await expectNoViolations(page);
  await page.keyboard.press('Escape');

  await page.goto(`/expenses/${expense.id}`);
  await expect(page.getByRole('img', { name: 'Receipt receipt.png' })).toBeVisible();
  await expectNoViolations(page);
  // The one back-office page the phone walk leaves out (it would post an expense to the books the money walks count).
  if (testInfo.project.name === 'phone') expect(await misfitsAtRest(page), 'an expense at 375 px').toEqual([]);
  await page.getByRole('button', { name: 'Delete expense' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete this expense?' })).toBeVisible();
  await expectNoViolations(page);
});
