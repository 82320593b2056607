import { signInAsAdmin } from '../support/auth.ts';
import { expect, test } from '../support/fixtures.ts';
import { receiptPng, uniqueWord } from './expenses.ts';

// Nothing here depends on the payment policy: it runs beside a test that changes it (fixtures.ts).
test.use({ paymentPolicy: 'ignores' });

test('the owner records an expense with a photo of its receipt and finds it in the list with the totals', async ({
  page,
}) => {
  const supplier = `Oils Direct ${uniqueWord()}`;
  await signInAsAdmin(page);
  await page.goto('/expenses');
  await expect(page).toHaveTitle(/^Expenses/);
  await page.getByRole('button', { name: 'Add expense' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add expense' });
  await dialog.getByLabel('Date').fill('2025-05-14');
  await dialog.getByRole('textbox', { name: 'Supplier' }).fill(supplier);
  await dialog.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Oils and supplies' });
  await dialog.getByRole('combobox', { name: 'Paid by' }).selectOption({ label: 'Cash' });
  await dialog.getByRole('textbox', { name: /Amount paid/ }).fill('24.50');
  await dialog.getByRole('textbox', { name: /^VAT/ }).fill('4.08');
  await dialog.getByLabel('Receipt (optional)').setInputFiles({
    name: 'till-receipt.png',
    mimeType: 'image/png',
    buffer: receiptPng(60, 90),
  });
  await dialog.getByRole('button', { name: 'Save expense' }).click();

  await expect(page).toHaveURL(/\/expenses\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: supplier })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Expense saved.' })).toBeVisible();
  const preview = page.getByRole('img', { name: 'Receipt till-receipt.png' });
  await expect(preview).toBeVisible();
  // The thumbnail is the uploaded photo itself, served back by the file store.
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(60);

  await page.getByRole('link', { name: '← Expenses' }).click();
  await page.getByRole('searchbox', { name: 'Supplier' }).fill(supplier);
  await expect(page).toHaveURL(/supplier=/);
  await expect(page.getByText('1 expense', { exact: true })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(supplier) });
  await expect(row).toContainText('14 May 2025');
  await expect(row).toContainText('Oils and supplies');
  await expect(row).toContainText('£24.50');
  await expect(row).toContainText('1 receipt');
  const totals = page.getByRole('definition');
  await expect(totals.nth(0)).toHaveText('£24.50');
  await expect(totals.nth(1)).toHaveText('£4.08');
  await expect(totals.nth(2)).toHaveText('£20.42');
});

test('a bank statement is imported from its preview, and importing it again flags every line as a duplicate', async ({
  page,
}) => {
  const word = uniqueWord();
  const csv = [
    'Date,Description,Amount',
    `03/02/2025,Uber ${word},-14.20`,
    `04/02/2025,Client ${word},60.00`,
    `05/02/2025,Sparkle Laundry ${word},-31.00`,
  ].join('\n');
  const file = { name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) };
  await signInAsAdmin(page);
  await page.goto('/expenses');

  await page.getByRole('button', { name: 'Import bank statement' }).click();
  let dialog = page.getByRole('dialog', { name: 'Import bank statement' });
  await dialog.getByLabel('Bank statement (CSV file)').setInputFiles(file);
  await expect(
    dialog.getByText(/Read as Date, Description, Amount: 2 payments out, 1 money-in lines left out/),
  ).toBeVisible();
  const lines = dialog.getByTestId('import-line');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0).getByRole('checkbox')).toBeChecked();
  await expect(lines.nth(0).getByRole('combobox').locator('option:checked')).toHaveText('Travel');
  await lines.nth(1).getByRole('combobox').selectOption({ label: 'Equipment' });
  await dialog.getByRole('button', { name: 'Import 2 expenses' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Imported 2 expenses.' })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Supplier' }).fill(word);
  await expect(page.getByText('2 expenses', { exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`Uber ${word}`) })).toContainText('Travel');
  await expect(page.getByRole('row', { name: new RegExp(`Sparkle Laundry ${word}`) })).toContainText('Equipment');
  await expect(page.getByRole('definition').first()).toHaveText('£45.20');

  await page.getByRole('button', { name: 'Import bank statement' }).click();
  dialog = page.getByRole('dialog', { name: 'Import bank statement' });
  await dialog.getByLabel('Bank statement (CSV file)').setInputFiles(file);
  await expect(dialog.getByText(/2 already recorded \(unticked\)/)).toBeVisible();
  await expect(dialog.getByText('Imported before')).toHaveCount(2);
  for (const checkbox of await dialog.getByTestId('import-line').getByRole('checkbox').all())
    await expect(checkbox).not.toBeChecked();
  await expect(dialog.getByRole('button', { name: 'Import 0 expenses' })).toBeDisabled();
});

test('a file that is not a bank statement is refused with the columns it needs', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/expenses');
  await page.getByRole('button', { name: 'Import bank statement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import bank statement' });
  await dialog.getByLabel('Bank statement (CSV file)').setInputFiles({
    name: 'notes.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('When,What\nyesterday,tea'),
  });
  await expect(dialog.getByRole('alert')).toContainText('It needs a header row with a Date column');
});
