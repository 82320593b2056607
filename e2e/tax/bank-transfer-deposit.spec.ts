import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page, TestInfo } from '@playwright/test';
import { uniqueName } from '../back-office/back-office.ts';
import { newClient } from '../back-office-people/people.ts';
import { confirmForm, continueWithDetails, pickDay, pickTime } from '../booking/booking.ts';
import { accounts, newSignedInContext } from '../support/auth.ts';
import { pageAtRest } from '../support/axe.ts';
import { diaryTime } from '../support/diary.ts';
import { expect, test } from '../support/fixtures.ts';
import { waitForMail } from '../support/mail.ts';

/**
 * Deposits by bank transfer for sensual bookings (issue 30, decision 066): Stripe prohibits card payments for them,
 * so the owner asks a deposit paid into the business's account, quoted by a reference. The settings are one per
 * business and change what every sensual booking asks: these tests run with no test that books beside them
 * (paymentPolicy 'changes', fixtures.ts) and put the settings back in `finally`.
 */
test.use({ paymentPolicy: 'changes' });

const noDeposit = { deposit: { kind: 'none' }, holdHours: 48, accountName: '', sortCode: '', accountNumber: '' };

type Walk = { owner: Page; client: Page; name: string; email: string };

async function withBankDeposits(browser: Browser, testInfo: TestInfo, work: (walk: Walk) => Promise<void>) {
  const baseURL = testInfo.project.use.baseURL as string;
  const owner = await newSignedInContext(browser, baseURL, accounts.admin);
  const name = uniqueName('Bea');
  const client = await newClient(browser, testInfo, name);
  try {
    await test.step('the owner asks a £20 deposit by bank transfer for sensual bookings', async () => {
      const page = owner.page;
      await page.goto('/business');
      const form = page.getByRole('form', { name: 'Deposit by bank transfer' });
      await form.getByLabel('Sensual bookings made online').click();
      await page.getByRole('option', { name: 'A deposit of a fixed amount' }).click();
      await form.getByLabel('Deposit (£)').fill('20');
      await form.getByLabel('Hold the time for (hours)').fill('48');
      await form.getByLabel('Account name').fill('Soothe Studio Ltd');
      await form.getByLabel('Sort code').fill('12-34-56');
      await form.getByLabel('Account number').fill('12345678');
      await form.getByRole('button', { name: 'Save bank transfer' }).click();
      await expect(page.getByText('Deposit by bank transfer saved.')).toBeVisible();
    });
    await work({ owner: owner.page, client: client.page, name, email: client.email });
  } finally {
    const back = await owner.page.request.put('/api/admin/bank-transfers/settings', {
      data: noDeposit,
      headers: { origin: baseURL },
    });
    expect(back.status(), await back.text()).toBe(200);
    await client.context.close();
    await owner.context.close();
  }
}

/** The client books a sensual massage and is shown where to pay the deposit: answers its reference. */
async function bookWithBankDeposit(page: Page): Promise<{ reference: string; id: string }> {
  const slot = diaryTime();
  await page.goto('/sensual');
  await page.getByRole('radio', { name: '1 h, £120' }).click();
  await pickDay(page, slot.date);
  await pickTime(page, slot.time);
  await continueWithDetails(page, '+44 7700 900456');
  const form = confirmForm(page);
  await expect(form).toContainText('A deposit of £20 by bank transfer holds this time');
  await form.getByRole('checkbox', { name: 'I confirm I am 18 or over' }).check();
  await form.getByRole('button', { name: 'Request booking' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pay your deposit by bank transfer' })).toBeVisible();
  const where = page.getByRole('table', { name: 'Where to pay the deposit' });
  await expect(where.getByRole('row', { name: /^Amount/ })).toContainText('£20');
  await expect(where.getByRole('row', { name: /^Account name/ })).toContainText('Soothe Studio Ltd');
  await expect(where.getByRole('row', { name: /^Sort code/ })).toContainText('12-34-56');
  await expect(where.getByRole('row', { name: /^Account number/ })).toContainText('12345678');
  const reference = (
    (await where
      .getByRole('row', { name: /^Reference/ })
      .getByRole('cell')
      .textContent()) ?? ''
  ).trim();
  expect(reference).toMatch(/^DEP[A-Z2-9]{7}$/);
  return { reference, id: new URL(page.url()).searchParams.get('booked') ?? '' };
}

async function trialBalance(request: APIRequestContext): Promise<Record<string, number>> {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
  const answer = await request.get(`/api/admin/ledger/trial-balance?from=${today}&to=${today}`);
  expect(answer.ok()).toBe(true);
  const { accounts } = (await answer.json()) as { accounts: { code: string; balancePence: number }[] };
  return Object.fromEntries(accounts.map((account) => [account.code, account.balancePence]));
}

test('a sensual booking’s deposit by bank transfer is matched from the imported bank statement and held in the books @phone', async ({
  browser,
}, testInfo) => {
  test.slow();
  await withBankDeposits(browser, testInfo, async ({ owner, client, name }) => {
    const before = await trialBalance(owner.request);
    const { reference, id } = await bookWithBankDeposit(client);
    // Nothing wider than a phone's screen, the account details included.
    const overflow = await client.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await test.step('the owner imports the bank statement on the expenses page: the deposit is matched', async () => {
      const csv = [
        'Date,Description,Amount',
        `02/03/2026,FASTER PAYMENT ${reference.slice(0, 5)} ${reference.slice(5)} ${name.toUpperCase()},20.00`,
        '02/03/2026,Sparkle Laundry,-31.00',
      ].join('\n');
      await owner.goto('/expenses');
      await owner.getByRole('button', { name: 'Import bank statement' }).click();
      const dialog = owner.getByRole('dialog', { name: 'Import bank statement' });
      await dialog
        .getByLabel('Bank statement (CSV file)')
        .setInputFiles({ name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await expect(dialog.getByRole('status').filter({ hasText: 'Deposits by bank transfer received' })).toContainText(
        reference,
      );
      await owner.keyboard.press('Escape');
    });

    await test.step('the booking waits for the owner as any new client’s sensual request, and is approved', async () => {
      await owner.goto('/dashboard');
      const pending = owner.getByRole('region', { name: /^Waiting for approval/ });
      await pending
        .getByRole('listitem')
        .filter({ hasText: name })
        .getByRole('button', { name: `Approve ${name}` })
        .click();
      await expect(pending.getByRole('status')).toContainText(`Approved: ${name}`);
      const detail = await owner.request.get(`/api/admin/bookings/${id}`);
      expect(((await detail.json()) as { booking: { status: string } }).booking.status).toBe('confirmed');
    });

    await test.step('the trial balance shows the £20 in the bank and owed to the client until the appointment', async () => {
      const after = await trialBalance(owner.request);
      expect((after['1010'] ?? 0) - (before['1010'] ?? 0)).toBe(2000);
      expect((after['2300'] ?? 0) - (before['2300'] ?? 0)).toBe(-2000);
      await owner.goto('/business');
      await expect(owner.getByRole('list', { name: 'Deposits by bank transfer' })).toContainText(
        `${reference}: £20.00`,
      );
    });
  });
});

test('a sensual booking whose deposit does not come gives its time back and the client is told', async ({
  browser,
}, testInfo) => {
  test.slow();
  await withBankDeposits(browser, testInfo, async ({ owner, client, email }) => {
    const { reference } = await bookWithBankDeposit(client);
    await owner.goto('/business');
    const deposit = owner
      .getByRole('list', { name: 'Deposits by bank transfer' })
      .getByRole('listitem')
      .filter({ hasText: reference });
    await expect(deposit).toContainText('awaited');
    await deposit.getByRole('button', { name: 'Release the time' }).click();
    await owner.getByRole('dialog').getByRole('button', { name: 'Release the time' }).click();
    await expect(deposit).toContainText('not paid: time released');
    const mail = await waitForMail(email, 'Booking cancelled');
    expect(mail.text).toContain('The deposit by bank transfer was not paid: the time was released.');
    await client.reload();
    await expect(client.getByRole('heading', { level: 1, name: 'This time is no longer held' })).toBeVisible();
  });
});

test('the client is emailed where to pay, and the owner marks the deposit received on the booking sheet @phone', async ({
  browser,
}, testInfo) => {
  test.slow();
  await withBankDeposits(browser, testInfo, async ({ owner, client, email }) => {
    const { reference } = await bookWithBankDeposit(client);
    await test.step('the booking’s email carries the account, the amount, the reference and the deadline', async () => {
      const mail = await waitForMail(email, 'Your deposit for');
      expect(mail.text).toContain('a deposit of £20.00 by bank transfer');
      expect(mail.text).toContain('Account name: Soothe Studio Ltd');
      expect(mail.text).toContain('Sort code: 12-34-56');
      expect(mail.text).toContain('Account number: 12345678');
      expect(mail.text).toContain(`Reference: ${reference}`);
      expect(mail.text).toMatch(/We hold the time until \S.+ for a deposit/);
    });
    await test.step('the owner sees it awaited on the booking sheet and marks it received', async () => {
      await owner.goto('/manage_bookings');
      await owner.getByRole('tab', { name: 'List' }).click();
      await owner.getByRole('textbox', { name: 'Customer' }).fill(email);
      const row = owner.getByRole('list', { name: 'Bookings' }).getByRole('listitem');
      await expect(row).toHaveCount(1);
      await row.getByRole('button').click();
      const sheet = owner.getByRole('dialog', { name: 'Booking' });
      const deposit = sheet.getByRole('region', { name: 'Deposit by bank transfer' });
      await expect(deposit).toContainText('Awaiting transfer');
      await expect(deposit).toContainText(`Reference ${reference}: the time is held until`);
      await deposit.getByRole('button', { name: 'Mark received' }).click();
      await expect(deposit.getByRole('status')).toContainText('Deposit received');
      await expect(deposit).toContainText('Received, held until the appointment');
      await expect(deposit).toContainText('marked by you');
      await expect(deposit.getByRole('button', { name: 'Mark received' })).toHaveCount(0);
      for (const scheme of ['light', 'dark'] as const) {
        await owner.emulateMedia({ colorScheme: scheme });
        await expect(owner.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
        await pageAtRest(owner);
        const axe = await new AxeBuilder({ page: owner })
          .include('section[aria-label="Deposit by bank transfer"]')
          .analyze();
        expect(axe.violations.map(({ id, nodes }) => ({ id, targets: nodes.map((n) => n.target) }))).toEqual([]);
      }
    });
  });
});
