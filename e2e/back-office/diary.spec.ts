import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { pickDay, pickFirstTime } from '../booking/booking.ts';
import { signInAsAdmin } from '../support/auth.ts';
import { pageAtRest } from '../support/axe.ts';
import { diaryDay } from '../support/diary.ts';
import { expect, test } from '../support/fixtures.ts';
import { mailCount, waitForMail } from '../support/mail.ts';
import { calendarEvent, dragEventTo, londonInstant, phoneBooking, uniqueName, untilDiaryUnder } from './back-office.ts';

// Nothing here but the payment walk at the end depends on the payment policy or moves today's money: the rest runs
// beside a test that changes it (fixtures.ts).
test.use({ paymentPolicy: 'ignores' });

async function expectNoViolations(page: Page) {
  await page.mouse.move(0, 0);
  await pageAtRest(page);
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map(({ id, help, nodes }) => ({ id, help, targets: nodes.map((n) => n.html.slice(0, 160)) })),
  ).toEqual([]);
}

/** Taps (clicks) the empty diary at `time` on `date`, in the time grid. */
async function tapTime(page: Page, date: string, time: string) {
  const lane = page.locator(`.fc-timegrid-slot-lane[data-time="${time}:00"]`);
  await lane.evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }));
  await page.waitForFunction(() => new Promise((resolve) => requestAnimationFrame(() => resolve(true))));
  const column = await page.locator(`.fc-timegrid-col[data-date="${date}"]`).boundingBox();
  const row = await lane.boundingBox();
  if (!column || !row) throw new Error('calendar not laid out');
  const [x, y] = [column.x + column.width / 2, row.y + row.height / 4];
  await untilDiaryUnder(page, x, y);
  await page.mouse.click(x, y);
}

async function startsAtOf(page: Page, id: string): Promise<{ startsAt: string; status: string }> {
  const response = await page.request.get(`/api/admin/bookings/${id}`);
  return ((await response.json()) as { booking: { startsAt: string; status: string } }).booking;
}

const notice = (page: Page, title: string) => page.getByRole('alert').filter({ hasText: title });

/** Turns the 'Email the client' switch over from the keyboard. */
async function flipEmailSwitch(scope: Locator) {
  await scope.getByRole('switch', { name: 'Email the client' }).focus();
  await scope.page().keyboard.press('Space');
}

// Each test walks through several dialogs of the real app; the machine is shared.
test.describe.configure({ timeout: 150_000 });

test('tapping an empty time books it, and the diary opens on the new booking, outlined @phone', async ({ page }) => {
  // Days of its own: the test books on them and reads the diary around the bookings.
  const date = diaryDay();
  const later = diaryDay();
  const name = uniqueName('Tabitha');
  await signInAsAdmin(page);
  await page.goto(`/manage_bookings?date=${date}`);
  // Closed time is shaded: before 10:00 on a weekday.
  await expect(page.locator(`.fc-timegrid-col[data-date="${date}"] .diary-closed`).first()).toBeAttached();

  await tapTime(page, date, '11:00');
  const choice = page.getByRole('dialog', { name: /11:00$/ });
  await expect(choice.getByRole('button', { name: 'New booking' })).toBeVisible();
  await expectNoViolations(page);
  await choice.getByRole('button', { name: 'New booking' }).click();

  const dialog = page.getByRole('dialog', { name: 'New phone booking' });
  await dialog.getByText('New customer', { exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await dialog
    .getByRole('textbox', { name: 'Email', exact: true })
    .fill(`${name.replace(' ', '.').toLowerCase()}@example.test`);
  await dialog.getByRole('textbox', { name: 'Phone', exact: true }).fill('+44 7700 900556');
  await dialog.getByRole('button', { name: /^Swedish massage · 1 h · / }).click();
  // The tapped time is chosen already.
  await expect(dialog.getByRole('button', { name: '11:00' })).toHaveAttribute('aria-pressed', 'true');
  await dialog.getByRole('button', { name: 'Book', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Booked' })).toContainText(name);
  const made = calendarEvent(page, name);
  await expect(made).toContainText('11:00');
  await expect(made).toHaveClass(/diary-highlight/);

  // A booking on another week: the diary goes to its day.
  const second = uniqueName('Tobias');
  await page.getByRole('button', { name: 'New phone booking' }).click();
  await dialog.getByText('New customer', { exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(second);
  await dialog
    .getByRole('textbox', { name: 'Email', exact: true })
    .fill(`${second.replace(' ', '.').toLowerCase()}@example.test`);
  await dialog.getByRole('textbox', { name: 'Phone', exact: true }).fill('+44 7700 900557');
  await dialog.getByRole('button', { name: /^Swedish massage · 1 h · / }).click();
  await pickDay(dialog, later);
  const laterTime = await pickFirstTime(dialog);
  await dialog.getByRole('button', { name: 'Book', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator(`.fc-timegrid-col[data-date="${later}"]`)).toBeVisible();
  await expect(calendarEvent(page, second)).toHaveClass(/diary-highlight/);
  await expect(calendarEvent(page, second)).toContainText(laterTime);
});

test('tapping an empty time blocks it, after warning of and listing the bookings it covers @phone', async ({
  page,
}) => {
  const date = diaryDay();
  await signInAsAdmin(page);
  const name = uniqueName('Bella');
  await phoneBooking(page.request, { date, time: '14:00', name });
  await page.goto(`/manage_bookings?date=${date}`);
  await expect(calendarEvent(page, name)).toContainText('14:00');

  await tapTime(page, date, '13:00');
  const choice = page.getByRole('dialog', { name: /13:00$/ });
  await choice.getByRole('button', { name: 'Block this time' }).click();
  await choice.getByLabel('For').click();
  await page.getByRole('option', { name: /^2 hours \(until 15:00\)/ }).click();
  await choice.getByRole('textbox', { name: /^Reason/ }).fill('Dentist');
  await choice.getByRole('button', { name: 'Block', exact: true }).click();
  const warning = choice.getByRole('alert').filter({ hasText: 'There are bookings in this time' });
  await expect(warning.getByRole('list', { name: 'Bookings in this time' })).toContainText(`${name}, Swedish massage`);
  await expect(warning).toContainText('14:00');
  await expectNoViolations(page);
  await choice.getByRole('button', { name: 'Block anyway' }).click();
  await expect(choice).toBeHidden();
  await expect(notice(page, 'Blocked')).toContainText('the bookings in it are kept');
  // On the test's own day: a retry's week shows the first attempt's blocks too.
  const blocksOfTheDay = page.locator(`.fc-timegrid-col[data-date="${date}"] .diary-block`);
  await expect(blocksOfTheDay.filter({ hasText: 'Blocked: Dentist' })).toBeVisible();
  // The booking stays.
  await expect(calendarEvent(page, name)).toContainText('14:00');

  // Free time is blocked at once.
  await tapTime(page, date, '18:00');
  const free = page.getByRole('dialog', { name: /18:00$/ });
  await free.getByRole('button', { name: 'Block this time' }).click();
  await free.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(free).toBeHidden();
  await expect(blocksOfTheDay.filter({ hasText: /^Blocked$|18:00/ }).first()).toBeVisible();
});

test('reschedule by button: a free time, confirm with the email switch, and Undo when nobody was emailed @phone', async ({
  page,
}) => {
  const date = diaryDay();
  await signInAsAdmin(page);
  const name = uniqueName('Rhea');
  const made = await phoneBooking(page.request, { date, time: '10:00', name });
  const email = made.clientEmail ?? '';
  await page.goto(`/manage_bookings?date=${date}`);
  await calendarEvent(page, name).click();
  const sheet = page.getByRole('dialog', { name: 'Booking' });
  await expect(sheet.getByRole('link', { name: '+44 7700 900111' })).toHaveAttribute('href', 'tel:+447700900111');
  await expect(sheet.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
  await sheet.getByRole('button', { name: 'Reschedule' }).click();

  const picker = page.getByRole('dialog', { name: 'Reschedule' });
  await pickDay(picker, date);
  await picker.getByRole('group', { name: 'Free times' }).getByRole('button', { name: '15:00' }).click();
  const emailSwitch = picker.getByRole('switch', { name: 'Email the client' });
  await expect(emailSwitch).toBeChecked();
  await expect(picker).toContainText(`${email} is emailed the new time`);
  await expectNoViolations(page);
  await flipEmailSwitch(picker);
  await expect(emailSwitch).not.toBeChecked();
  await expect(picker).toContainText('Nobody is emailed');
  await picker.getByRole('button', { name: /^Move to / }).click();
  await expect(picker).toBeHidden();

  const moved = notice(page, 'Moved');
  await expect(moved).toContainText(`${name} moved to`);
  await expect(moved).toContainText('Recorded; the client was not emailed.');
  expect((await startsAtOf(page, made.id)).startsAt).toBe(londonInstant(date, '15:00'));
  await moved.getByRole('button', { name: 'Undo' }).click();
  await expect(notice(page, 'Move undone')).toContainText('Nobody was emailed');
  await expect.poll(async () => (await startsAtOf(page, made.id)).startsAt).toBe(londonInstant(date, '10:00'));
  await expect(sheet.getByRole('region', { name: 'History' })).toContainText(/Moved from \w{3} \d+ \w{3} 10:00 to/);

  // With the switch on, the client is emailed, and there is no silent Undo.
  await sheet.getByRole('button', { name: 'Reschedule' }).click();
  await pickDay(picker, date);
  await picker.getByRole('group', { name: 'Free times' }).getByRole('button', { name: '16:00' }).click();
  await picker.getByRole('button', { name: /^Move to / }).click();
  const emailed = notice(page, 'Moved').filter({ hasText: '16:00' });
  await expect(emailed).toContainText('The client is emailed.');
  await expect(emailed.getByRole('button', { name: 'Undo' })).toHaveCount(0);
  await waitForMail(email, 'Booking moved to');
  expect(mailCount(email, 'Booking moved to')).toBe(1);
});

test('dragging a booking asks first, and Undo moves it back @phone', async ({ page }) => {
  const date = diaryDay();
  await signInAsAdmin(page);
  const name = uniqueName('Dora');
  const made = await phoneBooking(page.request, { date, time: '11:00', name });
  await page.goto(`/manage_bookings?date=${date}`);
  await expect(calendarEvent(page, name)).toContainText('11:00');

  // Keeping the current time puts it back.
  await dragEventTo(page, calendarEvent(page, name), date, '11:00', '16:00');
  const question = page.getByRole('dialog', { name: 'Move this booking?' });
  await expect(question).toContainText(name);
  await question.getByRole('button', { name: 'Keep the current time' }).click();
  // (dragEventTo waits for the dialog's overlay to be gone too: a drag begun on it, full screen on a phone, is lost.)
  await expect(question).toBeHidden();
  await expect(calendarEvent(page, name)).toContainText('11:00');

  await dragEventTo(page, calendarEvent(page, name), date, '11:00', '16:00');
  await expect(question).toContainText('16:00');
  await expectNoViolations(page);
  await flipEmailSwitch(question);
  await question.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(question).toBeHidden();
  const moved = notice(page, 'Moved');
  await expect(moved).toContainText('Recorded; the client was not emailed.');
  await expect(calendarEvent(page, name)).toContainText('16:00');
  expect((await startsAtOf(page, made.id)).startsAt).toBe(londonInstant(date, '16:00'));
  await moved.getByRole('button', { name: 'Undo' }).click();
  await expect(notice(page, 'Move undone')).toBeVisible();
  await expect(calendarEvent(page, name)).toContainText('11:00');
  expect((await startsAtOf(page, made.id)).startsAt).toBe(londonInstant(date, '11:00'));
  expect(mailCount(made.clientEmail ?? '', 'Booking moved to')).toBe(0);
});

test.describe('money on the sheet', () => {
  // Taking and paying back money moves today's takings, which the dashboard's walk reads to the penny: this one
  // waits for a test that changes the policy, as every test that moves today's money does (fixtures.ts).
  test.use({ paymentPolicy: 'reads' });

  test('payment is taken from the top of the sheet; cancelling says who is emailed and what is paid back, with Undo @phone', async ({
    page,
  }) => {
    const date = diaryDay();
    await signInAsAdmin(page);
    const name = uniqueName('Cora');
    const made = await phoneBooking(page.request, { date, time: '12:00', name });
    const email = made.clientEmail ?? '';
    await page.goto(`/manage_bookings?date=${date}`);
    await calendarEvent(page, name).click();
    const sheet = page.getByRole('dialog', { name: 'Booking' });

    // The first action of a booking still to come: take the payment, amount prefilled.
    const take = sheet.getByRole('region', { name: 'Take payment' });
    await expect(
      sheet
        .getByRole('button')
        .filter({ hasText: /^Take / })
        .first(),
    ).toBeVisible();
    await expect(take.getByRole('textbox', { name: 'Amount to take (£)' })).toHaveValue(String(made.pricePence / 100));
    await expectNoViolations(page);
    await take.getByText('Card', { exact: true }).click();
    await take.getByRole('button', { name: /^Take £[\d.]+ by card$/ }).click();
    await expect(sheet.getByRole('status')).toContainText('taken');
    await expect(take).toBeHidden();
    await expect(sheet.getByRole('region', { name: 'Payments' })).toContainText('by Card');

    await sheet.getByRole('button', { name: 'Cancel booking' }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel this booking?' });
    const price = `£${made.pricePence % 100 === 0 ? made.pricePence / 100 : (made.pricePence / 100).toFixed(2)}`;
    await expect(cancel.getByRole('checkbox', { name: `Pay back the ${price} paid` })).toBeChecked();
    await expect(cancel.getByRole('note')).toHaveText(`${email} is emailed the cancellation. ${price} is paid back.`);
    await flipEmailSwitch(cancel);
    await cancel.getByRole('checkbox', { name: `Pay back the ${price} paid` }).uncheck();
    await expect(cancel.getByRole('note')).toHaveText(`Nobody is emailed. The ${price} paid is kept.`);
    await expectNoViolations(page);
    await cancel.getByRole('button', { name: 'Cancel booking' }).click();
    await expect(cancel).toBeHidden();
    const cancelled = notice(page, 'Cancelled');
    await expect(cancelled).toContainText('Recorded; the client was not emailed.');
    await expect.poll(async () => (await startsAtOf(page, made.id)).status).toBe('cancelled');
    await cancelled.getByRole('button', { name: 'Undo' }).click();
    await expect(notice(page, 'Cancelling undone')).toBeVisible();
    await expect.poll(async () => (await startsAtOf(page, made.id)).status).toBe('confirmed');

    // Cancelled for good: emailed, and paid back.
    await sheet.getByRole('button', { name: 'Cancel booking' }).click();
    await cancel.getByRole('textbox', { name: 'Reason (optional)' }).fill('Therapist unwell');
    await cancel.getByRole('button', { name: 'Cancel booking' }).click();
    const final = notice(page, 'Cancelled').filter({ hasText: 'paid back' });
    await expect(final).toContainText('The client is emailed.');
    await expect(final.getByRole('button', { name: 'Undo' })).toHaveCount(0);
    await waitForMail(email, 'Booking cancelled');
    await expect(sheet.getByRole('region', { name: 'History' })).toContainText(
      `Cancelled by Owner: Therapist unwell; ${price} paid back`,
    );
  });
});
