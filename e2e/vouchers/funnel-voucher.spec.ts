import type { Locator, Page } from '@playwright/test';
import { uniqueName } from '../back-office/back-office.ts';
import { newClient } from '../back-office-people/people.ts';
import { choiceBar, confirmForm, continueWithDetails, dayText, pickDay, pickTime } from '../booking/booking.ts';
import { accounts, newSignedInContext } from '../support/auth.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { type DiaryTime, diaryTime } from '../support/diary.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * A gift voucher spent in the booking funnel (issue 13). The seeded Swedish hour is £70, so a £100 voucher pays
 * all of one hour and part of a second, and is then spent; cancelling in the free window puts its part back.
 */

const CODE = /[A-HJKMNP-Z2-9]{4}(?:-[A-HJKMNP-Z2-9]{4}){3}/;
const SPENT = 'This voucher has been spent: nothing is left on it.';

/** A signed-in client's way through /book to the confirm step of a Swedish hour at the test's own time. */
async function toConfirmStep(page: Page, slot: DiaryTime) {
  await page.goto('/book?style=therapeutic&type=swedish');
  await page.getByRole('radio', { name: '1 h, £70' }).click();
  await pickDay(page, slot.date);
  await pickTime(page, slot.time);
  await continueWithDetails(page, '+44 7700 900313');
}

function voucherGroup(page: Page) {
  return confirmForm(page).getByRole('group', { name: 'Gift voucher' });
}

async function applyVoucher(page: Page, code: string): Promise<Locator> {
  const voucher = voucherGroup(page);
  await voucher.getByRole('button', { name: 'Have a gift voucher?' }).click();
  await voucher.getByRole('textbox', { name: 'Gift voucher code' }).fill(code);
  await voucher.getByRole('button', { name: 'Apply' }).click();
  return voucher;
}

/** The voucher in the back office's list (a table on a desk, cards on a phone): its balance and status. */
async function expectVoucherListed(owner: Page, code: string, balance: string, status: string) {
  await owner.goto(`/vouchers?q=${encodeURIComponent(code)}`);
  const list = owner.getByRole('main').getByLabel('Vouchers');
  await expect(list).toContainText(code);
  if ((await list.evaluate((element) => element.tagName)) === 'TABLE') {
    const row = list.getByRole('row').filter({ hasText: code });
    // Code, for, bought by, value, balance, valid until, status.
    await expect(row.getByRole('cell').nth(3)).toHaveText('£100.00');
    await expect(row.getByRole('cell').nth(4)).toHaveText(balance);
    await expect(row.getByRole('cell').nth(6)).toHaveText(status);
  } else {
    const card = list.getByRole('listitem').filter({ hasText: code });
    await expect(card).toContainText(`${balance} left of £100.00`);
    await expect(card).toContainText(status);
  }
}

/** Every control of the voucher is a tap target of 24 px at least, and nothing is wider than the screen. */
async function expectFits(page: Page, voucher: Locator) {
  const viewport = page.viewportSize();
  if (!viewport) throw new Error('no viewport');
  for (const control of await voucher.locator('button, input').all()) {
    const box = await control.boundingBox();
    if (!box) throw new Error('a voucher control has no layout box');
    expect(box.height, 'tap target height').toBeGreaterThanOrEqual(24);
    expect(box.x + box.width, 'right edge on screen').toBeLessThanOrEqual(viewport.width);
  }
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'nothing wider than the screen').toBeLessThanOrEqual(0);
}

test('a client pays with a gift voucher in the funnel until it is spent, and cancelling puts its part back @phone', async ({
  browser,
}, testInfo) => {
  test.slow();
  const baseURL = testInfo.project.use.baseURL as string;
  const owner = await newSignedInContext(browser, baseURL, accounts.admin);
  const client = await newClient(browser, testInfo, uniqueName('Val'));
  try {
    // The owner sells a £100 voucher in person.
    await owner.page.goto('/vouchers');
    await owner.page.getByRole('button', { name: 'Sell a voucher' }).click();
    const sale = owner.page.getByRole('dialog', { name: 'Sell a gift voucher' });
    await sale.getByRole('textbox', { name: 'Amount (£)' }).fill('100');
    await sale.getByLabel('Buyer’s name').fill(uniqueName('Vic'));
    await sale.getByRole('button', { name: 'Issue voucher' }).click();
    const issued = owner.page.getByRole('status').filter({ hasText: 'code' });
    await expect(issued).toContainText('£100.00 gift voucher');
    const code = ((await issued.textContent()) ?? '').match(CODE)?.[0] ?? '';
    expect(code).not.toBe('');
    const listed = (await (await owner.page.request.get(`/api/admin/vouchers?q=${code}`)).json()) as {
      vouchers: { expiresOn: string }[];
    };
    const expiresOn = listed.vouchers[0]?.expiresOn ?? '';
    expect(expiresOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const validUntil = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'UTC',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    }).format(new Date(`${expiresOn}T12:00:00Z`));

    // The first hour: the voucher pays all of the £70, typed in lower case without dashes.
    const first = diaryTime();
    const second = diaryTime();
    const third = diaryTime();
    const page = client.page;
    await toConfirmStep(page, first);
    const voucher = await applyVoucher(page, code.replaceAll('-', '').toLowerCase());
    const applied = voucher.getByRole('status');
    await expect(applied).toContainText(`£70 from your gift voucher (valid until ${validUntil}). £30 stays on it.`);
    await expect(applied).toContainText('Nothing is left to pay.');
    await expect(voucher.getByRole('textbox', { name: 'Gift voucher code' })).toHaveValue(code);
    await expect(voucher.getByRole('button', { name: 'Remove' })).toBeVisible();
    await expectFits(page, voucher);
    await expectNoAxeViolations(page, 'the confirm step with a voucher applied');
    await page.screenshot({
      path: testInfo.outputPath(`${testInfo.project.name}-voucher-applied.png`),
      fullPage: true,
    });
    await choiceBar(page).getByRole('button', { name: 'Confirm booking' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('£70 paid by gift voucher');
    await expectVoucherListed(owner.page, code, '£30.00', 'Valid');

    // The second hour takes only the £30 left. A third, opened meanwhile in another tab with the £30 applied, is
    // refused once the second has spent it, and books nothing.
    await toConfirmStep(page, second);
    const secondVoucher = await applyVoucher(page, code);
    await expect(secondVoucher.getByRole('status')).toContainText(
      `£30 from your gift voucher (valid until ${validUntil}). That is all that is left on it.`,
    );
    await expect(secondVoucher.getByRole('status')).toContainText('Left to pay at your appointment: £40.');
    const late = await client.context.newPage();
    await toConfirmStep(late, third);
    const lateVoucher = await applyVoucher(late, code);
    await expect(lateVoucher.getByRole('status')).toContainText('£30 from your gift voucher');

    await choiceBar(page).getByRole('button', { name: 'Confirm booking' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('£30 paid by gift voucher');
    await expectVoucherListed(owner.page, code, '£0.00', 'Spent');

    await choiceBar(late).getByRole('button', { name: 'Confirm booking' }).click();
    await expect(lateVoucher.getByRole('alert')).toHaveText(SPENT);
    await expect(lateVoucher.getByRole('status')).toHaveCount(0);
    await expect(late.getByRole('heading', { level: 1, name: 'Booking confirmed' })).toHaveCount(0);
    // Applied again, the spent code is refused by the check as well.
    await lateVoucher.getByRole('button', { name: 'Apply' }).click();
    await expect(lateVoucher.getByRole('alert')).toHaveText(SPENT);
    await expect(lateVoucher.getByRole('status')).toHaveCount(0);
    await expectNoAxeViolations(late, 'the confirm step with a refused voucher');
    await late.screenshot({
      path: testInfo.outputPath(`${testInfo.project.name}-voucher-refused.png`),
      fullPage: true,
    });
    await late.close();

    // Two bookings, each saying what the voucher paid; nothing at the third time.
    await page.goto('/bookings');
    const upcoming = page.getByRole('region', { name: 'Upcoming' }).getByRole('article');
    await expect(upcoming).toHaveCount(2);
    const firstCard = upcoming.filter({ hasText: dayText(first.date) }).filter({ hasText: first.time });
    await expect(firstCard).toContainText('£70 paid by gift voucher');
    await expect(upcoming.filter({ hasText: dayText(second.date) }).filter({ hasText: second.time })).toContainText(
      '£30 paid by gift voucher',
    );

    // Cancelled well inside the free window: the voucher's £70 goes back onto it.
    await firstCard.getByRole('button', { name: 'Cancel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
    await expect(dialog.getByRole('note')).toHaveText('The £70 paid by gift voucher goes back onto your voucher.');
    await dialog.getByRole('button', { name: 'Cancel booking' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Booking cancelled' })).toContainText(
      'The £70 paid by gift voucher goes back onto your voucher.',
    );
    await expect(page.getByRole('region', { name: 'Upcoming' }).getByRole('article')).toHaveCount(1);
    await expectVoucherListed(owner.page, code, '£70.00', 'Valid');
  } finally {
    await client.context.close();
    await owner.context.close();
  }
});
