import type { Locator, Page } from '@playwright/test';
import { uniqueName } from '../back-office/back-office.ts';
import { receiptPng, uniqueWord } from '../expenses/expenses.ts';
import { signInAsAdmin } from '../support/auth.ts';
import { pastMonth } from '../support/diary.ts';
import { fillDateRange } from '../support/filters.ts';
import { expect, test } from '../support/fixtures.ts';
import { mailCount, waitForMail } from '../support/mail.ts';

// Nothing here depends on the payment policy: it runs beside a test that changes it (fixtures.ts).
test.use({ paymentPolicy: 'ignores' });

/**
 * A day of its own, in the past year: the 17th of a month no other test of this run records anything in (pastMonth()),
 * so that the month's figures are this test's alone.
 */
function dayOfOurOwn() {
  const month = pastMonth();
  return { date: month.day(17), time: '11:00', monthFrom: month.from, monthTo: month.to };
}

/** '2004-03-07' as the app writes a day: '7 Mar 2004'. */
function shownDay(date: string) {
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** The debit and credit an entry's line shows for an account: the account's cell, then the two amounts. */
async function expectLine(entry: Locator, account: string, debit: string, credit: string) {
  await expect(entry.getByRole('row', { name: new RegExp(`^${account}`) }).getByRole('cell')).toHaveText([
    account,
    debit,
    credit,
  ]);
}

/** The journal between two days (both included), through the page's own date filters. */
async function journalBetween(page: Page, from: string, to: string) {
  await fillDateRange(page, from, to);
}

test('an appointment recorded afterwards is invoiced, emailed and paid, and with an expense shows in the ledger, the profit and loss and the analytics', async ({
  page,
}) => {
  test.slow();
  const day = dayOfOurOwn();
  const name = uniqueName('Margot');
  const email = `${name.replace(' ', '.').toLowerCase()}.${Date.now()}@example.test`;
  const supplier = `Fresh Linen ${uniqueWord()}`;
  await signInAsAdmin(page);

  await test.step('the owner records a Swedish massage that already took place, for a new customer', async () => {
    await page.goto('/manage_bookings');
    await page.getByRole('button', { name: 'New phone booking' }).click();
    const dialog = page.getByRole('dialog', { name: 'New phone booking' });
    await dialog.getByText('New customer', { exact: true }).click();
    await expect(dialog.getByRole('radio', { name: 'New customer' })).toBeChecked();
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await dialog.getByRole('textbox', { name: 'Phone', exact: true }).fill('+44 7700 900606');
    await dialog.getByRole('button', { name: /^Swedish massage · 1 h · / }).click();
    await dialog.getByRole('switch', { name: 'It already took place (record it as completed)' }).check();
    await dialog.getByLabel('Date', { exact: true }).fill(day.date);
    await dialog.getByLabel('Start time', { exact: true }).fill(day.time);
    await expect(dialog.getByText(/^Chosen: /)).toBeVisible();
    await dialog.getByRole('button', { name: 'Record', exact: true }).click();

    await expect(dialog).toBeHidden();
    const booked = page.getByRole('status').filter({ hasText: 'Booked' });
    await expect(booked).toContainText(`${name}, Swedish massage`);
    await expect(booked).toContainText(day.time);
    await expect(booked).toContainText('Recorded as completed.');
    await expect(booked).not.toContainText('emailed');
  });

  await test.step('the owner records an expense the same day with a photo of its receipt', async () => {
    await page.goto('/expenses');
    await page.getByRole('button', { name: 'Add expense' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add expense' });
    await dialog.getByLabel('Date').fill(day.date);
    await dialog.getByRole('textbox', { name: 'Supplier' }).fill(supplier);
    await dialog.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Laundry' });
    await dialog.getByRole('combobox', { name: 'Paid by' }).selectOption({ label: 'Cash' });
    await dialog.getByRole('textbox', { name: /Amount paid/ }).fill('18.40');
    await dialog.getByRole('textbox', { name: /^VAT/ }).fill('0');
    await dialog.getByLabel('Receipt (optional)').setInputFiles({
      name: 'laundry-receipt.png',
      mimeType: 'image/png',
      buffer: receiptPng(48, 80),
    });
    await dialog.getByRole('button', { name: 'Save expense' }).click();

    await expect(page).toHaveURL(/\/expenses\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: supplier })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Expense saved.' })).toBeVisible();
    const preview = page.getByRole('img', { name: 'Receipt laundry-receipt.png' });
    await expect(preview).toBeVisible();
    // The thumbnail is the uploaded photo itself, served back by the file store.
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);
  });

  let label = '';
  await test.step('the completed booking is invoiced on that day, emailed with its PDF and paid', async () => {
    await page.goto('/manage_bookings');
    await page.getByRole('tab', { name: 'List' }).click();
    await page.getByRole('textbox', { name: 'Customer' }).fill(name);
    const row = page.getByRole('list', { name: 'Bookings' }).getByRole('listitem');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Swedish');
    await expect(row).toContainText('Completed');
    await row.getByRole('button').click();
    const bookingDialog = page.getByRole('dialog', { name: 'Booking' });
    await expect(bookingDialog).toContainText(name);
    await bookingDialog
      .getByRole('region', { name: 'Invoice' })
      .getByRole('button', { name: 'Create invoice' })
      .click();

    await expect(page).toHaveURL(/\/invoices\?invoice=[0-9a-f-]{36}$/);
    const draft = page.getByRole('dialog', { name: 'Draft invoice' });
    await expect(draft).toContainText(name);
    await expect(draft.getByRole('table', { name: 'Lines' })).toContainText('Swedish massage, 60 min on');
    await expect(draft.getByRole('table', { name: 'Totals' })).toContainText('Total£70.00');
    await draft.getByLabel('Issue date').fill(day.date);
    await draft.getByRole('button', { name: 'Issue invoice' }).click();

    const invoice = page.getByRole('dialog', { name: /^Invoice INV-\d{6}$/ });
    await expect(invoice.getByRole('status')).toContainText(/Issued as INV-\d{6}\./);
    label = ((await invoice.getByRole('status').textContent()) ?? '').match(/INV-\d{6}/)?.[0] ?? '';
    expect(label).not.toBe('');
    await expect(invoice).toContainText(`Issued ${shownDay(day.date)}`);

    await invoice.getByRole('button', { name: 'Email to client' }).click();
    await expect(invoice.getByRole('status')).toContainText(`Emailed to ${email}, with the PDF attached.`);
    const mail = await waitForMail(email, label);
    expect(mail.subject).toBe(`Massage invoice ${label} from Soothe London`);
    expect(mail.text).toContain('£70.00');
    expect(mail.attachments).toEqual([
      expect.objectContaining({
        filename: `${label}.pdf`,
        contentType: 'application/pdf',
        head: expect.stringMatching(/^%PDF-/),
      }),
    ]);
    // An appointment written up afterwards sent the client nothing: the invoice is the only email they get.
    expect(mailCount(email, '')).toBe(1);

    // The client paid by bank transfer on the day.
    const payment = invoice.getByRole('region', { name: 'Record a payment' });
    await expect(payment.getByRole('textbox', { name: 'Amount (£)' })).toHaveValue('70');
    await expect(payment.getByLabel('Method')).toHaveValue('Bank transfer');
    await payment.getByLabel('Paid on').fill(day.date);
    await payment.getByRole('button', { name: 'Record payment' }).click();
    await expect(invoice.getByRole('status')).toContainText('Payment of £70.00 recorded. The invoice is paid.');
    await expect(invoice.getByText('Paid', { exact: true }).first()).toBeVisible();
    await expect(invoice.getByRole('table', { name: 'Totals' })).toContainText('Amount due£0.00');
    await expect(invoice.getByRole('region', { name: 'Payments' })).toContainText('£70.00 by Bank transfer on');
  });

  await test.step('the ledger holds the invoice, its payment and the expense on that day', async () => {
    await page.goto('/ledger');
    await expect(page.getByRole('heading', { level: 1, name: 'Ledger' })).toBeVisible();
    await journalBetween(page, day.date, day.date);
    await expect(page.getByText('3 entries', { exact: true })).toBeVisible();
    const entries = page.getByRole('listitem').filter({ has: page.getByText(shownDay(day.date), { exact: true }) });
    await expect(entries).toHaveCount(3);

    const invoiced = entries.filter({ hasText: `Invoice ${label} to ${name}` });
    await expect(invoiced).toHaveCount(1);
    await expectLine(invoiced, '1100 Accounts receivable', '£70.00', '');
    await expectLine(invoiced, '4000 Sales: therapeutic massage', '', '£70.00');

    const spent = entries.filter({ hasText: `Expense: ${supplier}` });
    await expect(spent).toHaveCount(1);
    await expectLine(spent, '5010 Laundry', '£18.40', '');
    await expectLine(spent, '1000 Cash', '', '£18.40');

    await page.getByLabel('Kind of entry').selectOption({ label: 'Invoice payment' });
    await expect(page).toHaveURL(/source=invoice_payment/);
    const paid = page.getByRole('listitem').filter({ hasText: `Payment of invoice ${label}` });
    await expect(paid).toHaveCount(1);
    await expectLine(paid, '1010 Bank', '£70.00', '');
    await expectLine(paid, '1100 Accounts receivable', '', '£70.00');

    // The trial balance of that day: the invoice settled by the bank, the expense paid in cash.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    // Until the cleared address renders, From still shows the day typed above: filling in that same day then changes
    // nothing, and the clear empties the box a moment later (a CI run under load did exactly that).
    await expect(page.getByLabel('From', { exact: true })).toHaveValue('');
    await page.getByText('Trial balance', { exact: true }).click();
    await expect(page).toHaveURL(/view=balances/);
    await journalBetween(page, day.date, day.date);
    const trial = page.getByRole('table', { name: 'Trial balance' });
    await expect(trial.getByRole('row', { name: /^1100 Accounts receivable/ }).getByRole('cell')).toHaveText([
      '1100 Accounts receivable',
      'Assets',
      '',
      '',
    ]);
    await expect(trial.getByRole('row', { name: /^1010 Bank/ }).getByRole('cell')).toHaveText([
      '1010 Bank',
      'Assets',
      '£70.00',
      '',
    ]);
    await expect(trial.getByRole('row', { name: /^4000 Sales: therapeutic massage/ }).getByRole('cell')).toHaveText([
      '4000 Sales: therapeutic massage',
      'Income',
      '',
      '£70.00',
    ]);
    await expect(trial.getByRole('row', { name: /^5010 Laundry/ }).getByRole('cell')).toHaveText([
      '5010 Laundry',
      'Expenses',
      '£18.40',
      '',
    ]);
    await expect(trial.getByRole('row', { name: /^1000 Cash/ }).getByRole('cell')).toHaveText([
      '1000 Cash',
      'Assets',
      '',
      '£18.40',
    ]);
    await expect(trial.locator('tfoot').getByRole('row')).toHaveText(/^Total£88\.40£88\.40$/);
    await expect(page.getByText('The books do not balance')).toHaveCount(0);
  });

  await test.step('the profit and loss of that month shows the invoice’s income, the expense and the net', async () => {
    await page.goto('/finances');
    await expect(page).toHaveTitle(/^Finances/);
    await page.getByLabel('Period').selectOption('Custom dates');
    await fillDateRange(page, day.monthFrom, day.monthTo);
    await expect(page.getByRole('status').filter({ hasText: shownDay(day.monthFrom) })).toHaveText(
      `${shownDay(day.monthFrom)} to ${shownDay(day.monthTo)}`,
    );
    const pnl = page.getByRole('table', { name: 'Profit and loss' });
    await expect(pnl.locator('thead').getByRole('columnheader')).toHaveText(['Item', /^\w{3} \d{4}$/, 'Total']);
    const figures = (row: RegExp) => pnl.getByRole('row', { name: row }).getByRole('cell');
    await expect(figures(/^Therapeutic/)).toHaveText(['£70.00', '£70.00']);
    await expect(figures(/^Total income/)).toHaveText(['£70.00', '£70.00']);
    await expect(figures(/^Swedish \(therapeutic\)/)).toHaveText(['£70.00', '£70.00']);
    await expect(figures(/^Laundry/)).toHaveText(['£18.40', '£18.40']);
    await expect(figures(/^Total expenses/)).toHaveText(['£18.40', '£18.40']);
    await expect(figures(/^Net profit/)).toHaveText(['£51.60', '£51.60']);
  });

  await test.step('the analytics of that day count the completed booking and its revenue', async () => {
    await page.goto(`/analytics?range=custom&from=${day.date}&to=${day.date}`);
    await expect(page).toHaveTitle(/^Analytics/);
    await expect(page.getByTestId('range-text')).toHaveText(`${shownDay(day.date)} – ${shownDay(day.date)}`);
    const cards = page.getByRole('list', { name: 'Figures for the period' }).getByRole('listitem');
    const card = (title: string) => cards.filter({ has: page.getByText(title, { exact: true }) });
    await expect(card('Bookings')).toHaveText('Bookings10 cancelled');
    await expect(card('Revenue')).toHaveText('Revenue£70net of VAT');
    await expect(card('No-shows')).toHaveText('No-shows0%0 of 1 due');
  });
});
