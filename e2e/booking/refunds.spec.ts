import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page, TestInfo } from '@playwright/test';
import { uniqueName } from '../back-office/back-office.ts';
import { newClient } from '../back-office-people/people.ts';
import { accounts, newSignedInContext, signInAsAdmin } from '../support/auth.ts';
import { pageAtRest } from '../support/axe.ts';
import { localDate } from '../support/dates.ts';
import { type DiaryTime, diaryTime } from '../support/diary.ts';
import { peerConfirmWebhooks, stripePeerUrl } from '../support/fake-stripe.ts';
import { fillDateRange } from '../support/filters.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * Refunds of deposits paid online (issue 13, decision 053), on the e2e server's Stripe peer. Like payment.spec.ts,
 * it changes the payment policy with no test that reads it running beside it (fixtures.ts), asks a £20 deposit of
 * returning clients only and makes its own clients returning; the free cancellation window is set before each
 * cancelling. The books of today are read before through the API and the pages must then show that plus what this
 * test did: no test that takes money online today runs meanwhile (they read the policy).
 */
test.use({ paymentPolicy: 'changes' });
const nothingUpFront = {
  therapeutic: { newClient: { kind: 'none' }, returningClient: { kind: 'none' } },
  sensual: { newClient: { kind: 'none' }, returningClient: { kind: 'none' } },
  freeCancellationHours: 24,
};
const depositPolicy = (freeCancellationHours: number) => ({
  ...nothingUpFront,
  therapeutic: { newClient: { kind: 'none' }, returningClient: { kind: 'deposit_fixed', amountPence: 2000 } },
  freeCancellationHours,
});

const pounds = (pence: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2 }).format(pence / 100);

type Client = Awaited<ReturnType<typeof newClient>>;

/** A returning client (the owner trusts them), so the policy asks them a deposit. */
async function returningClient(browser: Browser, owner: Page, name: string, testInfo: TestInfo) {
  const client = await newClient(browser, testInfo, name);
  const session = (await (await client.page.request.get('/api/auth/get-session')).json()) as { user: { id: string } };
  const trusted = await owner.request.put(`/api/admin/customers/${session.user.id}/policy`, {
    data: { policy: 'trusted' },
    headers: { origin: testInfo.project.use.baseURL as string },
  });
  expect(trusted.status(), await trusted.text()).toBe(200);
  return client;
}

/** Books a 1 h Swedish massage at the slot and pays its £20 deposit as Stripe.js does; Stripe's webhook confirms it. */
async function bookAndPay(client: Client, slot: DiaryTime) {
  const request = client.page.request;
  const { services } = (await (await request.get('/api/services')).json()) as {
    services: { id: string; type: string }[];
  };
  const swedish = services.find((service) => service.type === 'swedish');
  const made = await request.post('/api/bookings', {
    data: {
      serviceId: swedish?.id,
      durationMinutes: 60,
      startsAt: slot.startsAt,
      name: client.name,
      phone: '+44 7700 900432',
      idempotencyKey: crypto.randomUUID(),
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const booking = (await made.json()) as { id: string; payment: { clientSecret: string; amountPence: number } };
  expect(booking.payment.amountPence).toBe(2000);
  const secret = booking.payment.clientSecret;
  const paid = await request.post(`${stripePeerUrl}/v1/payment_intents/${secret.split('_secret_')[0]}/confirm`, {
    form: { key: 'pk_test_peer', client_secret: secret, payment_method: 'pm_card_visa' },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  await expect
    .poll(async () => ((await (await request.get(`/api/bookings/${booking.id}`)).json()) as { status: string }).status)
    .toBe('confirmed');
  return booking.id;
}

async function setWindow(owner: Page, hours: number, baseURL: string) {
  const set = await owner.request.put('/api/admin/payments/policy', {
    data: depositPolicy(hours),
    headers: { origin: baseURL },
  });
  expect(set.status(), await set.text()).toBe(200);
}

/** The client cancels from "My bookings": the dialog and then the page say what becomes of the deposit. */
async function cancelFromMyBookings(client: Client, sentence: string) {
  await client.page.goto('/bookings');
  await client.page.getByRole('button', { name: 'Cancel', exact: true }).click();
  const dialog = client.page.getByRole('dialog', { name: 'Cancel this booking?' });
  await expect(dialog.getByRole('note')).toHaveText(sentence);
  await dialog.getByRole('button', { name: 'Cancel booking' }).click();
  const done = client.page.getByRole('status').filter({ hasText: 'Booking cancelled' });
  await expect(done).toContainText(sentence);
}

type Balances = Record<string, number>;
async function trialBalance(request: APIRequestContext, day: string): Promise<Balances> {
  const answer = await request.get(`/api/admin/ledger/trial-balance?from=${day}&to=${day}`);
  expect(answer.ok()).toBe(true);
  const { accounts } = (await answer.json()) as { accounts: { code: string; balancePence: number }[] };
  return Object.fromEntries(accounts.map((account) => [account.code, account.balancePence]));
}
async function otherIncome(request: APIRequestContext, from: string, to: string): Promise<number> {
  const answer = await request.get(`/api/admin/finances/profit-and-loss?from=${from}&to=${to}&granularity=month`);
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { totals: { income: { byStyle: { other: number } } } }).totals.income.byStyle.other;
}

test('deposits paid online: a cancellation inside the free window is refunded, one after it is kept, the owner refunds part of one, and the books show it', async ({
  browser,
}, testInfo) => {
  test.slow();
  const baseURL = testInfo.project.use.baseURL as string;
  const owner = await newSignedInContext(browser, baseURL, accounts.admin);
  const today = localDate(new Date());
  const monthFrom = `${today.slice(0, 8)}01`;
  const clients: Client[] = [];
  try {
    try {
      const trialBefore = await trialBalance(owner.page.request, today);
      const otherBefore = await otherIncome(owner.page.request, monthFrom, today);

      await test.step('a client cancelling inside the free window is told the deposit is refunded', async () => {
        await setWindow(owner.page, 24, baseURL);
        const client = await returningClient(browser, owner.page, 'Rena Refund', testInfo);
        clients.push(client);
        await bookAndPay(client, diaryTime());
        await cancelFromMyBookings(client, 'Your £20 deposit will be refunded to your card.');
      });

      await test.step('a client cancelling after it is told the deposit is kept', async () => {
        // The window reaches past this booking (at most eight days ahead): cancelling now is late.
        await setWindow(owner.page, 720, baseURL);
        const client = await returningClient(browser, owner.page, 'Kit Kept', testInfo);
        clients.push(client);
        await bookAndPay(client, diaryTime({ withinDays: 8 }));
        await cancelFromMyBookings(
          client,
          'Your £20 deposit is kept, as the cancellation is less than 720 hours before the appointment.',
        );
      });

      await test.step('the owner refunds £7.50 of a deposit from the booking sheet', async () => {
        await setWindow(owner.page, 24, baseURL);
        const client = await returningClient(browser, owner.page, 'Parr Tial', testInfo);
        clients.push(client);
        await bookAndPay(client, diaryTime());
        const page = owner.page;
        await page.goto('/manage_bookings');
        await page.getByRole('tab', { name: 'List' }).click();
        await page.getByRole('textbox', { name: 'Customer' }).fill(client.name);
        const row = page.getByRole('list', { name: 'Bookings' }).getByRole('listitem');
        await expect(row).toHaveCount(1);
        await row.getByRole('button').click();
        const sheet = page.getByRole('dialog', { name: 'Booking' });
        const online = sheet.getByRole('region', { name: 'Paid online' });
        await expect(online).toContainText('Deposit of £20: paid, held until the appointment.');
        await online.getByRole('button', { name: 'Refund' }).click();
        const dialog = page.getByRole('dialog', { name: "Refund to the client's card" });
        const amount = dialog.getByRole('textbox', { name: 'Amount (£)' });
        await expect(amount).toHaveValue('20');
        await amount.fill('7.50');
        await dialog.getByRole('textbox', { name: 'Reason' }).fill('Session cut short');
        await expect(dialog.getByRole('note')).toHaveText("£7.50 is paid back to the client's card through Stripe.");
        await dialog.getByRole('button', { name: 'Refund £7.50' }).click();
        await expect(online.getByRole('status')).toContainText("£7.50 was paid back to the client's card.");
        await expect(online.getByRole('list', { name: 'Refunds' })).toContainText('Refund of £7.50');
        await expect(online.getByRole('list', { name: 'Refunds' })).toContainText('Refunded');
        await expect(online).toContainText('£12.50 can still be refunded.');
      });

      await test.step('the trial balance of today and the profit and loss of this month show it', async () => {
        // Three £20 deposits into Stripe clearing; £20 and £7.50 back out of it; £20 kept as other income; what
        // is still held is the part left of the third deposit.
        const expected = {
          '1030': (trialBefore['1030'] ?? 0) + 3 * 2000 - 2000 - 750,
          '2300': (trialBefore['2300'] ?? 0) - 3 * 2000 + 2000 + 2000 + 750,
          '4090': (trialBefore['4090'] ?? 0) - 2000,
        };
        const page = owner.page;
        await page.goto('/ledger?view=balances');
        await fillDateRange(page, today, today);
        const trial = page.getByRole('table', { name: 'Trial balance' });
        const cells = (balance: number) => [balance > 0 ? pounds(balance) : '', balance < 0 ? pounds(-balance) : ''];
        await expect(trial.getByRole('row', { name: /^1030 Stripe clearing/ }).getByRole('cell')).toHaveText([
          '1030 Stripe clearing',
          'Assets',
          ...cells(expected['1030']),
        ]);
        await expect(trial.getByRole('row', { name: /^2300 Deposits held/ }).getByRole('cell')).toHaveText([
          '2300 Deposits held',
          'Liabilities',
          ...cells(expected['2300']),
        ]);
        await expect(trial.getByRole('row', { name: /^4090 Other income/ }).getByRole('cell')).toHaveText([
          '4090 Other income',
          'Income',
          ...cells(expected['4090']),
        ]);
        await expect(page.getByText('The books do not balance')).toHaveCount(0);

        await page.goto('/finances');
        const pnl = page.getByRole('table', { name: 'Profit and loss' });
        await expect(
          pnl
            .getByRole('row', { name: /^Other income/ })
            .getByRole('cell')
            .last(),
        ).toHaveText(pounds(otherBefore + 2000));
      });
    } finally {
      await peerConfirmWebhooks(owner.page, 'after');
      await owner.page.request.put('/api/admin/payments/policy', {
        data: nothingUpFront,
        headers: { origin: baseURL },
      });
    }
  } finally {
    for (const client of clients) await client.context.close();
    await owner.context.close();
  }
});

/** axe over one part of the page at rest. */
async function expectNoAxeViolationsIn(page: Page, selector: string) {
  await page.mouse.move(0, 0);
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  expect(results.violations.map(({ id, help, nodes }) => ({ id, help, targets: nodes.map((n) => n.target) }))).toEqual(
    [],
  );
}

test('the booking sheet’s online payment and its Refund dialog fit a phone and are axe clean, light and dark @phone', async ({
  browser,
  page,
}, testInfo) => {
  const baseURL = testInfo.project.use.baseURL as string;
  await signInAsAdmin(page);
  let client: Client | undefined;
  try {
    try {
      await setWindow(page, 24, baseURL);
      client = await returningClient(browser, page, uniqueName('Fay'), testInfo);
      await bookAndPay(client, diaryTime());
    } finally {
      await page.request.put('/api/admin/payments/policy', { data: nothingUpFront, headers: { origin: baseURL } });
    }
    await page.goto('/manage_bookings');
    await page.getByRole('tab', { name: 'List' }).click();
    await page.getByRole('textbox', { name: 'Customer' }).fill(client?.name ?? '');
    const row = page.getByRole('list', { name: 'Bookings' }).getByRole('listitem');
    await expect(row).toHaveCount(1);
    await row.getByRole('button').click();
    const online = page.getByRole('dialog', { name: 'Booking' }).getByRole('region', { name: 'Paid online' });
    await expect(online).toContainText('£20 can still be refunded.');
    // What this test adds is checked: the "Paid online" section, then the Refund dialog, in both schemes.
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await pageAtRest(page);
      await expectNoAxeViolationsIn(page, 'section[aria-label="Paid online"]');
    }
    await online.getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog', { name: "Refund to the client's card" });
    await expect(dialog.getByRole('button', { name: 'Refund £20' })).toBeVisible();
    for (const scheme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await pageAtRest(page);
      await expectNoAxeViolationsIn(page, '.online-refund-dialog');
    }
    if ((testInfo.project.use.viewport?.width ?? 0) <= 375)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect((await dialog.getByRole('button', { name: 'Refund £20' }).boundingBox())?.height).toBeGreaterThanOrEqual(36);
  } finally {
    await client?.context.close();
  }
});
