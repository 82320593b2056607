import type { Page } from '@playwright/test';
import { uniqueName } from '../back-office/back-office.ts';
import { newClient } from '../back-office-people/people.ts';
import { choiceBar, confirmForm, continueWithDetails, dayText, pickDay, pickTime } from '../booking/booking.ts';
import { accounts, newSignedInContext } from '../support/auth.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { diaryTime } from '../support/diary.ts';
import { expect, test } from '../support/fixtures.ts';
import { misfitsAtRest, PHONE } from '../support/phone-fit.ts';

/**
 * Courses of sessions (issue 24 part 2): the owner sets up 5 × 1 h Swedish for the price of 4 (the seeded hour is
 * £70), sells it at the till to a client, the client books with a session (no payment step), cancels inside the
 * free window and gets the session back; the owner sees the balance and its history.
 */

/** The owner's card of this client's course on /courses, found by the client's name. */
function soldCard(owner: Page, clientName: string) {
  return owner.getByRole('main').getByRole('list', { name: 'Courses sold' }).getByRole('listitem').filter({
    hasText: clientName,
  });
}

test('the owner sells a course at the till; the client books with a session and gets it back by cancelling in time @phone', async ({
  browser,
}, testInfo) => {
  test.slow();
  const baseURL = testInfo.project.use.baseURL as string;
  const owner = await newSignedInContext(browser, baseURL, accounts.admin);
  const client = await newClient(browser, testInfo, uniqueName('Cora'));
  try {
    // The course on offer, set up on /courses.
    const o = owner.page;
    await o.goto('/courses');
    await expect(o.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();
    await o.getByRole('button', { name: 'New course' }).click();
    const setup = o.getByRole('dialog', { name: 'New course' });
    await setup.getByLabel('Treatment', { exact: true }).click();
    await o.getByRole('option', { name: 'Swedish massage' }).click();
    await setup.getByLabel('Length', { exact: true }).click();
    await o.getByRole('option', { name: '60 minutes' }).click();
    await setup.getByRole('textbox', { name: 'Sessions' }).fill('5');
    await setup.getByRole('textbox', { name: 'Price of the course' }).fill('280');
    await expect(setup).toContainText('5 sessions one by one: £350.00');
    await setup.getByRole('button', { name: 'Save course' }).click();
    await expect(setup).toBeHidden();
    await expect(o.getByRole('list', { name: 'Courses on offer' })).toContainText('5 × 60 min Swedish massage');

    // Sold at the till to the client, paid by card.
    await o.getByRole('button', { name: 'Sell a course' }).click();
    const sale = o.getByRole('dialog', { name: 'Sell a course' });
    await sale.getByLabel('Course', { exact: true }).click();
    await o.getByRole('option', { name: '5 × 60 min Swedish massage · £280.00' }).first().click();
    await sale.getByRole('combobox', { name: 'Client' }).fill(client.email);
    await o.getByRole('option', { name: `${client.name} (${client.email})` }).click();
    await sale.getByRole('button', { name: 'Record the sale' }).click();
    await expect(o.getByRole('status').filter({ hasText: 'Course sold' })).toContainText(
      `${client.name}: 5 × 60 min Swedish massage, 5 sessions`,
    );
    await o.goto(`/courses?q=${encodeURIComponent(client.email)}`);
    await expect(soldCard(o, client.name)).toContainText('5 of 5 sessions left');
    await expectNoAxeViolations(o, 'the owner’s courses');

    // The client sees it on /bookings.
    const page = client.page;
    await page.goto('/bookings');
    const courses = page.getByRole('region', { name: 'Your courses' });
    await expect(courses).toContainText('5 × 60 min Swedish massage');
    await expect(courses).toContainText('5 of 5 sessions left');
    // The client's courses fit a phone (the 375 px walk's client owns none).
    if (test.info().project.name === 'phone') {
      await page.setViewportSize(PHONE);
      expect(await misfitsAtRest(page), 'the client’s courses at 375 px').toEqual([]);
    }

    // Booking a Swedish hour offers a session, ticked: no payment is asked and the booking is confirmed.
    const slot = diaryTime();
    await page.goto('/book?style=therapeutic&type=swedish');
    await page.getByRole('radio', { name: '1 h, £70' }).click();
    await pickDay(page, slot.date);
    await pickTime(page, slot.time);
    await continueWithDetails(page, '+44 7700 900414');
    const session = confirmForm(page).getByRole('checkbox', { name: 'Use 1 of 5 sessions left' });
    await expect(session).toBeChecked();
    await expect(confirmForm(page).getByRole('group', { name: 'Gift voucher' })).toHaveCount(0);
    await expectNoAxeViolations(page, 'the confirm step with a course session');
    await page.screenshot({ path: testInfo.outputPath(`${testInfo.project.name}-course-session.png`), fullPage: true });
    await choiceBar(page).getByRole('button', { name: 'Confirm booking' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('Paid with a session of your course');

    await page.goto('/bookings');
    await expect(courses).toContainText('4 of 5 sessions left');
    await o.reload();
    await expect(soldCard(o, client.name)).toContainText('4 of 5 sessions left');

    // Cancelled well inside the free window: the session goes back onto the course.
    const card = page
      .getByRole('region', { name: 'Upcoming' })
      .getByRole('article')
      .filter({ hasText: dayText(slot.date) })
      .filter({ hasText: slot.time });
    await card.getByRole('button', { name: 'Cancel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
    await dialog.getByRole('button', { name: 'Cancel booking' }).click();
    await expect(dialog).toBeHidden();
    await expect(courses).toContainText('5 of 5 sessions left');
    await expectNoAxeViolations(page, 'the client’s bookings with a course');

    // The owner sees the balance back and the history: bought, used, given back.
    await o.reload();
    const sold = soldCard(o, client.name);
    await expect(sold).toContainText('5 of 5 sessions left');
    await sold.getByText('History').click();
    await expect(sold).toContainText('1 session used');
    await expect(sold).toContainText('1 session given back, booking cancelled in time');
  } finally {
    await client.context.close();
    await owner.context.close();
  }
});
