import { signInAsAdmin, signInAsLodger } from '../support/auth.ts';
import { diaryTime } from '../support/diary.ts';
import { expect, test } from '../support/fixtures.ts';
import { phoneBooking, uniqueName } from './back-office.ts';

// Nothing here depends on the payment policy: it runs beside a test that changes it (fixtures.ts).
test.use({ paymentPolicy: 'ignores' });

test('the lodger’s calendar shows busy blocks and no client names, read-only @phone', async ({
  page,
  browser,
  baseURL,
}) => {
  const { date, time } = diaryTime();
  const name = uniqueName('Secret');
  // The admin books from a browser of their own.
  const admin = await browser.newContext({ baseURL });
  const adminPage = await admin.newPage();
  await signInAsAdmin(adminPage);
  await phoneBooking(adminPage.request, { date, time, name });
  await admin.close();

  await signInAsLodger(page);
  await page.goto(`/availability?date=${date}`);
  const calendar = page.getByRole('region', { name: 'Availability calendar' });
  const busy = calendar.locator(`.fc-timegrid-col[data-date="${date}"] .fc-event`).filter({ hasText: 'Busy' });
  // Other tests book other times of the same day: the block that starts at this test's time.
  await expect(busy.filter({ hasText: new RegExp(`^${time} - `) })).toHaveCount(1);
  await expect(page.getByRole('main')).not.toContainText(name);
  await expect(page.getByRole('main')).not.toContainText('Swedish');
  // No editing for a lodger: none of the owner's panels.
  await expect(page.getByRole('button', { name: 'Opening hours and booking rules' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Calendar subscription' })).toBeVisible();
});

test('the owner sees the booking by name on the availability calendar @phone', async ({ page }) => {
  const { date, time } = diaryTime();
  const name = uniqueName('Visible');
  await signInAsAdmin(page);
  await phoneBooking(page.request, { date, time, name });
  await page.goto(`/availability?date=${date}`);
  const calendar = page.getByRole('region', { name: 'Availability calendar' });
  await expect(calendar.locator('.fc-event').filter({ hasText: name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Opening hours and booking rules' })).toBeVisible();
});
