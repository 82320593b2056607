import type { Page } from '@playwright/test';
import { calendarEvent, phoneBooking, uniqueName } from '../back-office/back-office.ts';
import { newClient } from '../back-office-people/people.ts';
import { accounts, newSignedInContext, signInAsAdmin, uniqueEmail } from '../support/auth.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { diaryTime } from '../support/diary.ts';
import { useFakeStripe } from '../support/fake-stripe.ts';
import { expect, test } from '../support/fixtures.ts';
import { waitForMail } from '../support/mail.ts';

const CODE = /[A-HJKMNP-Z2-9]{4}(?:-[A-HJKMNP-Z2-9]{4}){3}/;

/** At the till: the booking's sheet takes (part of) a voucher; what is left is said. */
async function takeVoucher(owner: Page, name: string, date: string, code: string, pounds: string) {
  await owner.goto(`/manage_bookings?date=${date}`);
  await calendarEvent(owner, name).click();
  const sheet = owner.getByRole('dialog', { name: 'Booking' });
  const till = sheet.getByRole('group', { name: 'Pay with a gift voucher' });
  await till.getByLabel('Gift voucher code').fill(code);
  await till.getByRole('textbox', { name: 'Amount (£)' }).fill(pounds);
  await till.getByRole('button', { name: 'Take voucher' }).click();
  return sheet;
}

test('the owner sells a voucher in person and finds it by its code @phone', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/vouchers');
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Vouchers' })).toBeVisible();
  const buyer = uniqueName('Vera');
  await page.getByRole('button', { name: 'Sell a voucher' }).click();
  const form = page.getByRole('dialog', { name: 'Sell a gift voucher' });
  await form.getByRole('textbox', { name: 'Amount (£)' }).fill('45');
  await form.getByLabel('Buyer’s name').fill(buyer);
  await expectNoAxeViolations(page, 'the sale form');
  await form.getByRole('button', { name: 'Issue voucher' }).click();
  const issued = page.getByRole('status').filter({ hasText: 'code' });
  await expect(issued).toContainText('£45.00 gift voucher');
  const code = ((await issued.textContent()) ?? '').match(CODE)?.[0] ?? '';
  expect(code).not.toBe('');

  // Found by part of its code, typed without the dash, in lower case.
  await page.getByRole('searchbox', { name: 'Search' }).fill(code.slice(5, 14).replace('-', '').toLowerCase());
  await expect(page.getByText('1 voucher', { exact: true })).toBeVisible();
  const list = page.getByRole('main').getByLabel('Vouchers');
  await expect(list).toContainText(code);
  await expect(list).toContainText(buyer);
  await expect(list).toContainText('£45.00');
  await expectNoAxeViolations(page, 'the vouchers list');
});

test('a voucher bought as a gift is emailed with its PDF, spent in two bookings and counted as paid', async ({
  browser,
}, testInfo) => {
  const baseURL = testInfo.project.use.baseURL as string;
  const buyer = await newClient(browser, testInfo, uniqueName('Gina'));
  const recipient = { name: uniqueName('Rosa'), email: uniqueEmail('rosa') };
  const owner = await newSignedInContext(browser, baseURL, accounts.admin);
  try {
    await useFakeStripe(buyer.page);
    await buyer.page.goto('/gift-vouchers');
    await expect(buyer.page.getByRole('heading', { level: 1, name: 'Gift vouchers' })).toBeVisible();
    await buyer.page.getByRole('textbox', { name: 'Amount (£)' }).fill('100');
    await buyer.page.getByRole('switch', { name: 'It is a gift: email it to someone' }).check();
    await buyer.page.getByLabel('Recipient’s name').fill(recipient.name);
    await buyer.page.getByLabel('Recipient’s email').fill(recipient.email);
    await buyer.page.getByLabel('Message').fill('Enjoy a quiet hour');
    await buyer.page.getByRole('button', { name: 'Continue to payment' }).click();
    await buyer.page.getByLabel('Card number').fill('4242424242424242');
    await buyer.page.getByRole('button', { name: 'Pay £100.00' }).click();
    const ready = buyer.page.getByRole('status').filter({ hasText: 'your voucher is ready' });
    await expect(ready).toContainText(`We will email it to ${recipient.name}.`);
    const code = ((await ready.textContent()) ?? '').match(CODE)?.[0] ?? '';
    expect(code).not.toBe('');

    const mail = await waitForMail(recipient.email, 'A gift voucher');
    expect(mail.text).toContain(code);
    expect(mail.text).toContain('Enjoy a quiet hour');
    expect(mail.attachments).toEqual([
      expect.objectContaining({ contentType: 'application/pdf', head: expect.stringMatching(/^%PDF-/) }),
    ]);

    // The recipient comes twice; the owner takes the whole £70 of a Swedish hour, then £15, from the voucher at the till.
    const first = diaryTime();
    const second = diaryTime();
    const firstName = uniqueName('Rosa');
    const secondName = uniqueName('Rosa');
    await phoneBooking(owner.page.request, { date: first.date, time: first.time, name: firstName });
    await phoneBooking(owner.page.request, { date: second.date, time: second.time, name: secondName });
    const once = await takeVoucher(owner.page, firstName, first.date, code, '70');
    await expect(once.getByRole('status').filter({ hasText: 'taken from voucher' })).toHaveText(
      `£70.00 taken from voucher ${code}; £30.00 left on it.`,
    );
    const twice = await takeVoucher(owner.page, secondName, second.date, code.replaceAll('-', ' '), '15');
    await expect(twice.getByRole('status').filter({ hasText: 'taken from voucher' })).toHaveText(
      `£15.00 taken from voucher ${code}; £15.00 left on it.`,
    );
    // A redemption is money received: the part-paid booking offers only what remains, the first reads as paid.
    await expect(twice.getByText('£70 · paid £15')).toBeVisible();
    await expect(twice.getByRole('region', { name: 'Take payment' }).getByLabel('Amount to take (£)')).toHaveValue(
      '55',
    );
    const masked = `Gift voucher XXXX-…-${code.slice(-4)}`;
    await expect(twice.getByRole('listitem').filter({ hasText: masked })).toContainText(`£15 by ${masked}`);
    await owner.page.goto(`/manage_bookings?date=${first.date}`);
    await calendarEvent(owner.page, firstName).click();
    const paid = owner.page.getByRole('dialog', { name: 'Booking' });
    await expect(paid.getByText('£70 · paid £70')).toBeVisible();
    await expect(paid.getByRole('listitem').filter({ hasText: masked })).toContainText(`£70 by ${masked}`);
    await expect(paid.getByRole('region', { name: 'Take payment' })).toHaveCount(0);

    await owner.page.goto(`/vouchers?q=${encodeURIComponent(code)}`);
    const list = owner.page.getByRole('main').getByLabel('Vouchers');
    await expect(list).toContainText(`${buyer.name} for ${recipient.name}`);
    await expect(list).toContainText('£15.00');
  } finally {
    await buyer.context.close();
    await owner.context.close();
  }
});
