import { pickDay, pickTime } from '../booking/booking.ts';
import { signInAsAdmin } from '../support/auth.ts';
import { diaryDay, diaryTime } from '../support/diary.ts';
import { expect, test } from '../support/fixtures.ts';
import { calendarEvent, dragEventTo, londonInstant, phoneBooking, uniqueName } from './back-office.ts';

// Nothing here depends on the payment policy: it runs beside a test that changes it (fixtures.ts).
test.use({ paymentPolicy: 'ignores' });

test('the owner takes a phone booking for a new customer and finds it in the list @phone', async ({ page }) => {
  const name = uniqueName('Phoebe');
  const slot = diaryTime();
  await signInAsAdmin(page);
  await page.goto('/manage_bookings');
  await page.getByRole('button', { name: 'New phone booking' }).click();
  const dialog = page.getByRole('dialog', { name: 'New phone booking' });
  await dialog.getByText('New customer', { exact: true }).click();
  await expect(dialog.getByRole('radio', { name: 'New customer' })).toBeChecked();
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await dialog
    .getByRole('textbox', { name: 'Email', exact: true })
    .fill(`${name.replace(' ', '.').toLowerCase()}@example.test`);
  await dialog.getByRole('textbox', { name: 'Phone', exact: true }).fill('+44 7700 900555');
  await dialog.getByRole('button', { name: /^Deep tissue massage · 1 h · / }).click();
  await pickDay(dialog, slot.date);
  const time = await pickTime(dialog, slot.time);
  await dialog.getByRole('button', { name: 'Book', exact: true }).click();

  await expect(dialog).toBeHidden();
  const booked = page.getByRole('status').filter({ hasText: 'Booked' });
  await expect(booked).toContainText(name);
  await expect(booked).toContainText(time);

  await page.getByRole('tab', { name: 'List' }).click();
  await page.getByRole('textbox', { name: 'Customer' }).fill(name);
  const row = page.getByRole('list', { name: 'Bookings' }).getByRole('listitem');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Deep tissue');
  await expect(row).toContainText('Confirmed');
  await row.getByRole('button').click();
  const details = page.getByRole('dialog', { name: 'Booking' });
  await expect(details).toContainText(name);
  await expect(details.getByRole('region', { name: 'Audit' })).toContainText('Booked');
});

test('dragging a booking to a free time moves it; to a taken time is refused and it goes back @phone', async ({
  page,
}) => {
  // A day of its own: the test books two times and drags one to a third.
  const date = diaryDay();
  await signInAsAdmin(page);
  const mover = uniqueName('Moira');
  const other = uniqueName('Otto');
  const moving = await phoneBooking(page.request, { date, time: '10:00', name: mover });
  await phoneBooking(page.request, { date, time: '12:00', name: other });

  await page.goto(`/manage_bookings?date=${date}`);
  const event = calendarEvent(page, mover);
  await expect(event).toContainText('10:00');
  await expect(calendarEvent(page, other)).toContainText('12:00');

  await dragEventTo(page, event, date, '10:00', '15:00');
  await page
    .getByRole('dialog', { name: 'Move this booking?' })
    .getByRole('button', { name: 'Move', exact: true })
    .click();
  await expect(page.getByRole('alert').filter({ hasText: 'Moved' })).toContainText(`${mover} moved to`);
  await expect(calendarEvent(page, mover)).toContainText('15:00');
  const moved = (await (await page.request.get(`/api/admin/bookings/${moving.id}`)).json()) as {
    booking: { startsAt: string };
  };
  expect(moved.booking.startsAt).toBe(londonInstant(date, '15:00'));

  await dragEventTo(page, calendarEvent(page, mover), date, '15:00', '12:00');
  await page
    .getByRole('dialog', { name: 'Move this booking?' })
    .getByRole('button', { name: 'Move', exact: true })
    .click();
  const refusal = page.getByRole('alert').filter({ hasText: 'Not moved' });
  await expect(refusal).toContainText(`${mover} was not moved`);
  await expect(refusal).toContainText('not available');
  await expect(calendarEvent(page, mover)).toContainText('15:00');
  const kept = (await (await page.request.get(`/api/admin/bookings/${moving.id}`)).json()) as {
    booking: { startsAt: string };
  };
  expect(kept.booking.startsAt).toBe(londonInstant(date, '15:00'));
});
