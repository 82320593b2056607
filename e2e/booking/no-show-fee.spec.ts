import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page, TestInfo } from '@playwright/test';
import { newClient } from '../back-office-people/people.ts';
import { accounts, newSignedInContext } from '../support/auth.ts';
import { pageAtRest } from '../support/axe.ts';
import { diaryTime } from '../support/diary.ts';
import { useFakeStripe } from '../support/fake-stripe.ts';
import { expect, test } from '../support/fixtures.ts';
import { choiceBar, confirmForm, continueWithDetails, pickDay, pickTime } from './booking.ts';

/**
 * The no-show fee (issue 13), on the e2e server's Stripe peer with the stand-in for Stripe.js: a client agrees to it
 * and saves a card with a SetupIntent; the owner sees the card saved and no charge offered before a no-show. The
 * policy is one per business, and a no-show fee is asked of every client's booking: the test changes it with no
 * test that reads it running beside it (fixtures.ts) and puts "nothing" back afterwards.
 */
test.use({ paymentPolicy: 'changes' });
const nothing = {
  therapeutic: { newClient: { kind: 'none' }, returningClient: { kind: 'none' } },
  sensual: { newClient: { kind: 'none' }, returningClient: { kind: 'none' } },
  freeCancellationHours: 24,
  noShowFee: { therapeutic: { kind: 'none' }, sensual: { kind: 'none' } },
};
const noShowPolicy = {
  ...nothing,
  noShowFee: { ...nothing.noShowFee, therapeutic: { kind: 'fixed', amountPence: 3000 } },
};

async function withNoShowFee(
  browser: Browser,
  testInfo: TestInfo,
  name: string,
  work: (walk: { owner: Page; client: Page; email: string }) => Promise<void>,
) {
  const baseURL = testInfo.project.use.baseURL as string;
  const owner = await newSignedInContext(browser, baseURL, accounts.admin);
  const client = await newClient(browser, testInfo, name);
  try {
    const set = await owner.page.request.put('/api/admin/payments/policy', {
      data: noShowPolicy,
      headers: { origin: baseURL },
    });
    expect(set.status(), await set.text()).toBe(200);
    try {
      await useFakeStripe(client.page);
      await work({ owner: owner.page, client: client.page, email: client.email });
    } finally {
      await owner.page.request.put('/api/admin/payments/policy', { data: nothing, headers: { origin: baseURL } });
    }
  } finally {
    await client.context.close();
    await owner.context.close();
  }
}

test('a new client agrees to the no-show fee and saves a card; the owner sees it, with no charge before a no-show @phone', async ({
  browser,
}, testInfo) => {
  await withNoShowFee(browser, testInfo, 'Nora Noshow', async ({ owner, client, email }) => {
    await owner.goto('/business');
    await expect(owner.getByRole('combobox', { name: 'Therapeutic massages: no-show fee' })).toHaveValue(
      'A fixed amount',
    );
    await expect(owner.getByRole('textbox', { name: 'Therapeutic massages: no-show fee (£)' })).toHaveValue('30');

    const slot = diaryTime();
    await client.goto('/book?style=therapeutic&type=swedish');
    await client.getByRole('radio', { name: '1 h, £70' }).click();
    await pickDay(client, slot.date);
    await pickTime(client, slot.time);
    await continueWithDetails(client, '+44 7700 900654');
    const form = confirmForm(client);
    const consent = form.getByRole('checkbox', { name: /charged £30 if I do not come to this appointment/ });
    await expect(consent).not.toBeChecked();
    // Without the box ticked nothing is booked and no card is asked for.
    await choiceBar(client).getByRole('button', { name: 'Confirm booking' }).click();
    await expect(form).toContainText('This booking needs your agreement to the no-show fee');
    await consent.check();
    await choiceBar(client).getByRole('button', { name: 'Confirm booking' }).click();

    await expect(client.getByRole('heading', { level: 1, name: 'Save a card for the no-show fee' })).toBeVisible();
    await expect(client.getByText('Nothing is charged now.')).toBeVisible();
    await expect(client.getByRole('textbox', { name: 'Card number' })).toBeVisible();
    await pageAtRest(client);
    expect((await new AxeBuilder({ page: client }).analyze()).violations).toEqual([]);
    await client.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
    await client.getByRole('button', { name: 'Save card' }).click();
    await expect(client.getByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeVisible();
    const bookingId = new URL(client.url()).searchParams.get('booked') ?? '';
    const mine = (await (await client.request.get(`/api/bookings/${bookingId}`)).json()) as {
      cardSetup: { status: string; clientSecret: string | null };
    };
    expect(mine.cardSetup).toEqual(expect.objectContaining({ status: 'card_saved', clientSecret: null }));

    await owner.goto('/manage_bookings');
    await owner.getByRole('tab', { name: 'List' }).click();
    // By the email: the phone and desk runs of this walk each have their own client of that name.
    await owner.getByRole('textbox', { name: 'Customer' }).fill(email);
    const row = owner.getByRole('list', { name: 'Bookings' }).getByRole('listitem');
    await expect(row).toHaveCount(1);
    await row.getByRole('button').click();
    const sheet = owner.getByRole('dialog', { name: 'Booking' });
    const fee = sheet.getByRole('region', { name: 'No-show fee' });
    await expect(fee).toContainText(/The client agreed to a no-show fee of £30(\.00)? and saved a card for it\./);
    await expect(fee.getByRole('button', { name: /Charge no-show fee/ })).toHaveCount(0);
  });
});
