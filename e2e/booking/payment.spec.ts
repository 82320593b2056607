import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page, TestInfo } from '@playwright/test';
import { newClient } from '../back-office-people/people.ts';
import { accounts, newSignedInContext } from '../support/auth.ts';
import { pageAtRest } from '../support/axe.ts';
import { type DiaryTime, diaryTime } from '../support/diary.ts';
import { peerConfirmWebhooks, peerResend, useFakeStripe } from '../support/fake-stripe.ts';
import { expect, test } from '../support/fixtures.ts';
import { choiceBar, confirmForm, continueWithDetails, pickDay, pickTime } from './booking.ts';

/**
 * Deposits through Stripe (issue 13), on the e2e server's local Stripe peer with a stand-in for Stripe.js. The
 * payment policy is one per business and every other walk books with nothing up front: each test here changes it
 * with no test that reads it running beside it (fixtures.ts), asks a £20 deposit of *returning* clients only, makes
 * its own new client returning (the owner trusts them), and puts the policy back in `finally`.
 */
test.use({ paymentPolicy: 'changes' });
const nothingUpFront = {
  therapeutic: { newClient: { kind: 'none' }, returningClient: { kind: 'none' } },
  sensual: { newClient: { kind: 'none' }, returningClient: { kind: 'none' } },
  freeCancellationHours: 24,
};
const depositPolicy = {
  ...nothingUpFront,
  therapeutic: { newClient: { kind: 'none' }, returningClient: { kind: 'deposit_fixed', amountPence: 2000 } },
};

type Walk = {
  owner: Page;
  client: Page;
  name: string;
  email: string;
  /** Puts the policy and the peer's webhook order back, and lets the tests that read the policy run again. */
  doneWithPolicy: () => Promise<void>;
};

async function withDeposits(
  { browser, paymentPolicyLock }: { browser: Browser; paymentPolicyLock: () => void },
  testInfo: TestInfo,
  name: string,
  work: (walk: Walk) => Promise<void>,
) {
  const baseURL = testInfo.project.use.baseURL as string;
  const owner = await newSignedInContext(browser, baseURL, accounts.admin);
  const client = await newClient(browser, testInfo, name);
  let policyPutBack = false;
  const doneWithPolicy = async () => {
    if (policyPutBack) return;
    policyPutBack = true;
    await peerConfirmWebhooks(owner.page, 'after');
    const back = await owner.page.request.put('/api/admin/payments/policy', {
      data: nothingUpFront,
      headers: { origin: baseURL },
    });
    expect(back.status(), await back.text()).toBe(200);
    paymentPolicyLock();
  };
  try {
    const set = await owner.page.request.put('/api/admin/payments/policy', {
      data: depositPolicy,
      headers: { origin: baseURL },
    });
    expect(set.status(), await set.text()).toBe(200);
    try {
      const session = (await (await client.page.request.get('/api/auth/get-session')).json()) as {
        user: { id: string };
      };
      const trusted = await owner.page.request.put(`/api/admin/customers/${session.user.id}/policy`, {
        data: { policy: 'trusted' },
        headers: { origin: baseURL },
      });
      expect(trusted.status(), await trusted.text()).toBe(200);
      await useFakeStripe(client.page);
      await work({ owner: owner.page, client: client.page, name, email: client.email, doneWithPolicy });
    } finally {
      await doneWithPolicy();
    }
  } finally {
    await client.context.close();
    await owner.context.close();
  }
}

/** Through the funnel to the payment step: the confirm step says what is due and the cancellation rule first. */
async function bookToPayment(page: Page, slot: DiaryTime) {
  await page.goto('/book?style=therapeutic&type=swedish');
  await page.getByRole('radio', { name: '1 h, £70' }).click();
  await pickDay(page, slot.date);
  await pickTime(page, slot.time);
  await continueWithDetails(page, '+44 7700 900321');
  const form = confirmForm(page);
  await expect(form).toContainText('A deposit of £20 is due now to hold this time; the rest at your appointment.');
  await expect(form).toContainText(
    'Cancelling is free until 24 hours before your appointment; after that, the deposit is kept.',
  );
  await choiceBar(page).getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pay your deposit' })).toBeVisible();
  await expect(page.getByText('We are holding this time for you for 10 minutes.')).toBeVisible();
  await expect(page.getByText(/Time left: \d:\d\d/)).toBeVisible();
  return new URL(page.url()).searchParams.get('booked') ?? '';
}

async function pay(page: Page, card: string) {
  await page.getByRole('textbox', { name: 'Card number' }).fill(card);
  await page.getByRole('button', { name: 'Pay £20' }).click();
}

test('a client pays a £20 deposit by card and the booking is confirmed by Stripe’s webhook; the owner sees it and the deposit held @phone', async ({
  browser,
  paymentPolicyLock,
}, testInfo) => {
  await withDeposits(
    { browser, paymentPolicyLock },
    testInfo,
    'Dora Deposit',
    async ({ owner, client, name, email }) => {
      const slot = diaryTime();
      await bookToPayment(client, slot);
      const payButton = client.getByRole('button', { name: 'Pay £20' });
      expect((await payButton.boundingBox())?.height).toBeGreaterThanOrEqual(44);
      await pay(client, '4242 4242 4242 4242');
      await expect(client.getByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeVisible();
      await expect(client.getByRole('status').filter({ hasText: 'Confirmed' })).toBeVisible();

      await owner.goto(`/customers`);
      await owner.getByRole('searchbox', { name: 'Search' }).fill(email);
      await expect(owner.getByRole('status').filter({ hasText: '1 customer matching' })).toBeVisible();
      await owner.getByRole('link', { name }).click();
      await expect(owner.getByRole('main')).toContainText('Swedish massage');
      await owner.goto('/ledger');
      await expect(owner.getByRole('main')).toContainText('Deposits held');
    },
  );
});

test('a declined card shows Stripe’s message and stays on the payment step; another card then pays @phone', async ({
  browser,
  paymentPolicyLock,
}, testInfo) => {
  await withDeposits({ browser, paymentPolicyLock }, testInfo, 'Dec Lined', async ({ client }) => {
    await bookToPayment(client, diaryTime());
    await pay(client, '4000 0000 0000 0002');
    const declined = client.getByRole('alert').filter({ hasText: 'The payment did not go through' });
    await expect(declined).toContainText('Your card was declined.');
    await expect(declined).toContainText('Your time is still held');
    await expect(client.getByRole('heading', { level: 1, name: 'Pay your deposit' })).toBeVisible();

    await pay(client, '4242 4242 4242 4242');
    await expect(client.getByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeVisible();
  });
});

test('the webhook arriving before the return from Stripe, and twice, confirms the booking once', async ({
  browser,
  paymentPolicyLock,
}, testInfo) => {
  await withDeposits({ browser, paymentPolicyLock }, testInfo, 'Wendy Webhook', async ({ owner, client }) => {
    const bookingId = await bookToPayment(client, diaryTime());
    const waiting = (await (await client.request.get(`/api/bookings/${bookingId}`)).json()) as {
      payment: { clientSecret: string };
    };
    const intentId = waiting.payment.clientSecret.split('_secret_')[0] ?? '';
    await peerConfirmWebhooks(owner, 'before');
    await pay(client, '4242 4242 4242 4242');
    await expect(client.getByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeVisible();
    // Stripe delivers the same event again, twice: answered 200 and changes nothing.
    expect(await peerResend(owner, intentId, 2)).toEqual([200, 200]);
    // The client comes back through Stripe's return address afterwards: the page shows what the server says.
    await client.goto(`/book?booked=${bookingId}&payment_intent=${intentId}&redirect_status=succeeded`);
    await expect(client.getByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeVisible();
    const mine = (await (await client.request.get('/api/bookings')).json()) as {
      upcoming: { id: string; status: string }[];
    };
    expect(mine.upcoming.filter((booking) => booking.id === bookingId)).toEqual([
      expect.objectContaining({ status: 'confirmed' }),
    ]);
  });
});

test('the payment step has no accessibility violations @phone', async ({ browser, paymentPolicyLock }, testInfo) => {
  await withDeposits({ browser, paymentPolicyLock }, testInfo, 'Axel Access', async ({ client }) => {
    await bookToPayment(client, diaryTime());
    await expect(client.getByRole('textbox', { name: 'Card number' })).toBeVisible();
    await pageAtRest(client);
    const results = await new AxeBuilder({ page: client }).analyze();
    expect(results.violations).toEqual([]);
  });
});

test('a client who gives up paying is told the hold has ended, and the time is offered again once the job frees it', async ({
  browser,
  paymentPolicyLock,
}, testInfo) => {
  // The e2e server holds a payment's time 30 seconds (PAYMENT_HOLD_S); the release is the every-minute job.
  test.setTimeout(240_000);
  await withDeposits({ browser, paymentPolicyLock }, testInfo, 'Gil Givesup', async ({ client, doneWithPolicy }) => {
    const slot = diaryTime();
    await bookToPayment(client, slot);
    // The booking keeps its hold and deposit from here on: the tests that read the policy need not wait out the
    // half minute of the hold and the sweep after it.
    await doneWithPolicy();
    await expect(client.getByRole('heading', { level: 1, name: 'This time is no longer held' })).toBeVisible({
      timeout: 60_000,
    });
    await expect(client.getByRole('alert')).toContainText('Nothing was taken from your card.');
    await client.getByRole('button', { name: 'Choose another time' }).click();
    await expect(client).toHaveURL(/[?&]step=day/);
    // Offered again once the job has released it: asked as the calendar asks.
    await expect
      .poll(
        async () => {
          const { services } = (await (await client.request.get('/api/services')).json()) as {
            services: { id: string; type: string }[];
          };
          const swedish = services.find((service) => service.type === 'swedish');
          const free = (await (
            await client.request.get(
              `/api/slots?serviceId=${swedish?.id}&duration=60&from=${slot.date}&to=${slot.date}`,
            )
          ).json()) as { days: { slots: string[] }[] };
          return free.days.flatMap((day) => day.slots).some((at) => Date.parse(at) === Date.parse(slot.startsAt));
        },
        { timeout: 120_000, intervals: [2_000] },
      )
      .toBe(true);
    await pickDay(client, slot.date);
    await pickTime(client, slot.time);
  });
});
