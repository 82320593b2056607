import { phoneBooking, uniqueName } from '../back-office/back-office.ts';
import { pickDay, pickTime } from '../booking/booking.ts';
import { signInAsAdmin, uniqueEmail } from '../support/auth.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { freshClientIp } from '../support/client-ip.ts';
import { diaryWeekly } from '../support/diary.ts';
import { expect, test } from '../support/fixtures.ts';

// Nothing here depends on the payment policy: the owner's own bookings ask nothing up front.
test.use({ paymentPolicy: 'ignores' });

const weekdayOf = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', { weekday: 'long', timeZone: 'UTC' });

/** '9 December 2026', as the booking list writes the day. */
const dayOf = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

test('the owner books a weekly series, skips the clashing date, cancels the rest; the client sees it @phone', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const weeks = diaryWeekly(3);
  const [first, second, third] = weeks as [(typeof weeks)[0], (typeof weeks)[0], (typeof weeks)[0]];
  const described = `Every week on ${weekdayOf(first.date)} at ${first.time}`;

  // A client of their own, signed in in a browser of their own.
  const clientName = uniqueName('Stella');
  const clientContext = await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': freshClientIp() } });
  const client = await clientContext.newPage();
  const signUp = await client.request.post('/api/auth/sign-up/email', {
    data: { name: clientName, email: uniqueEmail('series'), password: 'Password1!' },
    headers: { origin: baseURL as string },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);

  // The owner's screens in the dark scheme, the client's in both: axe checks each.
  await page.emulateMedia({ colorScheme: 'dark' });
  await signInAsAdmin(page);
  // Someone else already has the second week.
  const other = uniqueName('Clara');
  await phoneBooking(page.request, { date: second.date, time: second.time, name: other });

  await page.goto('/manage_bookings');
  await page.getByRole('button', { name: 'New phone booking' }).click();
  const dialog = page.getByRole('dialog', { name: 'New phone booking' });
  await dialog.getByRole('textbox', { name: 'Find a customer' }).fill(clientName);
  await dialog.getByRole('radio', { name: clientName }).check();
  await dialog.getByRole('button', { name: /^Swedish massage · 1 h · / }).click();
  await pickDay(dialog, first.date);
  await pickTime(dialog, first.time);
  await dialog.getByRole('combobox', { name: 'Repeat' }).click();
  await page.getByRole('option', { name: 'Every week' }).click();
  await dialog.getByRole('textbox', { name: 'Times' }).fill('3');
  await dialog.getByRole('button', { name: 'Check the dates' }).click();

  // The dates as the diary stands: the clash named and left out, the free ones ticked.
  await expect(dialog.getByText(described)).toBeVisible();
  const dates = dialog.getByRole('list', { name: 'Dates of the series' }).getByRole('checkbox');
  await expect(dates).toHaveCount(3);
  await expect(dates.nth(0)).toBeChecked();
  await expect(dates.nth(1)).not.toBeChecked();
  await expect(dates.nth(1)).toBeDisabled();
  await expect(dialog.getByText(`Clashes with: ${other}, Swedish massage at ${second.time}`)).toBeVisible();
  await expect(dates.nth(2)).toBeChecked();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expectNoAxeViolations(page, 'the dates of the series');
  await dialog.getByRole('button', { name: 'Book 2 appointments' }).click();
  await expect(dialog.getByRole('status')).toContainText(`2 booked: ${described}`);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Booked' })).toContainText(clientName);

  // The client sees the series on /bookings.
  await client.goto('/bookings');
  const standing = client.getByRole('region', { name: 'Standing appointments' });
  await expect(standing).toContainText(`${described}, 2 of 2 left`);
  await expectNoAxeViolations(client, "the client's bookings with a series");

  // The owner opens the last date and cancels it and what follows.
  await page.getByRole('tab', { name: 'List' }).click();
  await page.getByRole('textbox', { name: 'Customer' }).fill(clientName);
  const rows = page.getByRole('list', { name: 'Bookings' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await rows
    .filter({ hasText: dayOf(third.date) })
    .getByRole('button')
    .click();
  const sheet = page.getByRole('dialog', { name: 'Booking' });
  const series = sheet.getByRole('region', { name: 'Series' });
  await expect(series).toContainText(described);
  await series.getByRole('button', { name: 'Cancel this and following' }).scrollIntoViewIfNeeded();
  await expectNoAxeViolations(page, 'the booking sheet with its series');
  // Moved on its own to half past, on the same day (inside the test's own two-hour cell).
  const halfPast = `${third.time.slice(0, 2)}:30`;
  await series.getByRole('textbox', { name: 'New time of day' }).fill(halfPast);
  await series.getByRole('button', { name: 'Move this one' }).click();
  await expect(series.getByRole('status').filter({ hasText: 'moved' })).toContainText(`1 moved to ${halfPast}.`);
  await expect(series).toContainText(`${dayOf(third.date)} at ${halfPast}`);
  await series.getByRole('button', { name: 'Cancel this and following' }).click();
  await series.getByRole('button', { name: 'Cancel 1', exact: true }).click();
  await expect(series.getByRole('status').filter({ hasText: 'cancelled' })).toHaveText('1 cancelled.');
  await expect(series).toContainText('cancelled');

  await client.emulateMedia({ colorScheme: 'dark' });
  await client.reload();
  await expect(standing).toContainText(`${described}, 1 of 1 left`);
  await expect(client.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expectNoAxeViolations(client, "the client's bookings with a series, dark");
  await clientContext.close();
});
