import { uniqueEmail } from '../support/auth.ts';
import { diaryTime } from '../support/diary.ts';
import { expect, test } from '../support/fixtures.ts';
import {
  choiceBar,
  confirmForm,
  continueWithDetails,
  dayText,
  detailsForm,
  pickDay,
  pickTime,
  signUpInline,
} from './booking.ts';

test('a new visitor books a Swedish massage signing up at the last step, then reschedules and cancels it @phone', async ({
  page,
}) => {
  const email = uniqueEmail('booker');
  // Two times of this test's own; the second on another day, or later the same day.
  const firstTime = diaryTime();
  const secondTime = diaryTime();
  const first = firstTime.date;
  const second = secondTime.date;

  await page.goto('/swedish');
  await expect(page).toHaveURL(/\/book\?style=therapeutic&type=swedish$/);
  await page.getByRole('radio', { name: '1 h, £70' }).click();
  // The length chosen, the day step opens (one step per screen).
  await expect(page).toHaveURL(/[?&]duration=60&step=day/);
  await pickDay(page, first);
  const time = await pickTime(page, firstTime.time);

  // Not signed in: the details step offers sign-in and sign-up, and the chosen time stays.
  await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
  const shortDay = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short' }).format(
    new Date(`${first}T12:00:00Z`),
  );
  const chosen = new RegExp(`Swedish massage, 1 h.*\\b${shortDay},? ${time}.*£70`);
  await expect(choiceBar(page)).toContainText(chosen);
  await signUpInline(page, 'Bea Booker', email);
  await expect(choiceBar(page)).toContainText(chosen);

  const form = detailsForm(page);
  await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Bea Booker');
  await form.getByRole('textbox', { name: 'Notes', exact: true }).fill('Tight shoulders');
  await continueWithDetails(page, '+44 7700 900456');
  await expect(confirmForm(page)).toContainText('Tight shoulders');
  await choiceBar(page).getByRole('button', { name: 'Confirm booking' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeVisible();
  // Beside the booking's status, a new client is asked for the health questionnaire (another status).
  await expect(page.getByRole('status').filter({ hasText: 'Confirmed' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Your health questionnaire' })).toBeVisible();
  const confirmation = page.getByRole('main');
  await expect(confirmation).toContainText(time);
  const ics = confirmation.getByRole('link', { name: 'Add to calendar' });
  const download = await page.request.get((await ics.getAttribute('href')) as string);
  expect(download.headers()['content-type']).toContain('text/calendar');
  expect(await download.text()).toContain('BEGIN:VEVENT');

  await confirmation.getByRole('link', { name: 'See my bookings' }).first().click();
  await expect(page).toHaveURL('/bookings');
  const upcoming = page.getByRole('region', { name: 'Upcoming' });
  const booking = upcoming.getByRole('article').filter({ hasText: 'Swedish massage' });
  await expect(booking).toHaveCount(1);
  await expect(booking).toContainText('Confirmed');
  await expect(booking).toContainText(dayText(first));
  await expect(booking).toContainText(time);
  await expect(booking).toContainText('1 h, £70');

  await booking.getByRole('button', { name: 'Reschedule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose a new time' });
  await pickDay(dialog, second);
  const newTime = await pickTime(dialog, secondTime.time);
  await dialog.getByRole('button', { name: /^Move to / }).click();
  await expect(dialog).toBeHidden();
  const moved = page.getByRole('status').filter({ hasText: 'Booking moved' });
  await expect(moved).toContainText(newTime);
  await expect(moved).toContainText('We have emailed you the new time.');
  await expect(booking).toContainText(dayText(second));
  await expect(booking).toContainText(newTime);
  if (second !== first) await expect(booking).not.toContainText(dayText(first));
  else await expect(booking).not.toContainText(time);

  await booking.getByRole('button', { name: 'Cancel' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel this booking?' });
  await cancel.getByRole('textbox', { name: 'Reason (optional)' }).fill('Plans changed');
  await cancel.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(upcoming.getByText('No upcoming bookings.')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Booking cancelled' })).toContainText(
    'We have emailed you a confirmation.',
  );
  const past = page.getByRole('region', { name: 'Past and cancelled' }).getByRole('article');
  await expect(past).toContainText('Cancelled');
  await expect(past).toContainText('Cancelled by you: Plans changed');
});

test('a new client’s sensual booking waits for approval', async ({ page }) => {
  const email = uniqueEmail('sensual');
  await page.goto('/sensual');
  await expect(page).toHaveURL(/\/book\?style=sensual&type=sensual$/);
  await page.getByRole('radio', { name: '1 h, £120' }).click();
  // The length chosen, the day step opens (one step per screen).
  await expect(page).toHaveURL(/[?&]duration=60&step=day/);
  const slot = diaryTime();
  await pickDay(page, slot.date);
  await pickTime(page, slot.time);
  await signUpInline(page, 'Sol Sensual', email);

  await continueWithDetails(page, '+44 7700 900789');
  const form = confirmForm(page);
  await expect(form).toContainText('This booking needs our approval');
  await form.getByRole('button', { name: 'Request booking' }).click();
  await expect(form.getByText('Please confirm that you are 18 or over.')).toBeVisible();
  await form.getByRole('checkbox', { name: 'I confirm I am 18 or over' }).check();
  await form.getByRole('button', { name: 'Request booking' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Booking requested' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Requested' })).toBeVisible();
  await page.goto('/bookings');
  const booking = page.getByRole('region', { name: 'Upcoming' }).getByRole('article');
  await expect(booking).toContainText('Sensual massage');
  await expect(booking).toContainText('Waiting for approval');
  await expect(booking).not.toContainText('Address');
});
