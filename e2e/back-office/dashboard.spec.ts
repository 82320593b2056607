import { signInAsAdmin } from '../support/auth.ts';
import { diaryTime } from '../support/diary.ts';
import { expect, test } from '../support/fixtures.ts';
import { pendingSensualBooking, uniqueName } from './back-office.ts';

test('the owner approves a new client’s sensual booking from the dashboard in one tap @phone', async ({
  page,
  browser,
  baseURL,
}) => {
  const name = uniqueName('Penny');
  const booking = await pendingSensualBooking(
    browser,
    baseURL as string,
    // The dashboard's timeline shows the next eight days.
    diaryTime({ withinDays: 7 }),
    name,
  );

  await signInAsAdmin(page);
  await page.goto('/dashboard');
  const pending = page.getByRole('region', { name: /^Waiting for approval/ });
  const request = pending.getByRole('listitem').filter({ hasText: name });
  await expect(request).toContainText('Sensual massage');
  await request.getByRole('button', { name: `Approve ${name}` }).click();

  await expect(pending.getByRole('status')).toContainText(`Approved: ${name}`);
  await expect(pending.getByRole('listitem').filter({ hasText: name })).toHaveCount(0);
  // The timeline now shows it as confirmed, and so does the server.
  const timeline = page.getByRole('region', { name: 'Next eight days' });
  await expect(timeline.getByRole('listitem').filter({ hasText: name })).toContainText('Confirmed');
  const detail = await page.request.get(`/api/admin/bookings/${booking.id}`);
  expect(((await detail.json()) as { booking: { status: string } }).booking.status).toBe('confirmed');
});
