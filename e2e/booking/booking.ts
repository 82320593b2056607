import type { Locator, Page } from '@playwright/test';
import { expect } from '../support/fixtures.ts';

/** The calendar's name for a day, e.g. 'Wednesday 25 November 2026' (ICU versions differ on the comma). */
export function dayLabel(date: string): RegExp {
  const at = new Date(`${date}T12:00:00Z`);
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', ...options }).format(at);
  return new RegExp(
    `^${part({ weekday: 'long' })},? ${part({ day: 'numeric' })} ${part({ month: 'long' })} ${part({ year: 'numeric' })}$`,
  );
}

/** Turns the calendar to the day's month and returns the day's button once its free times have loaded. */
export async function turnToDay(scope: Page | Locator, date: string): Promise<Locator> {
  // The page opens on the first day with free times once the slots arrive, which may move the calendar back to an
  // earlier month after a click on 'Next month': move forward until the day's month is shown, however often that
  // happens (the day itself may already be visible, disabled, among the next month's days of an earlier grid).
  const month = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
  const day = scope.getByRole('button', { name: dayLabel(date) });
  // Moving a booking shows a week of days instead of a month: turn the weeks towards the day.
  const week = scope.getByRole('group', { name: 'Days' });
  // Each click gives up after 2 s, so a dialog whose week had not yet appeared at the count is looked at again
  // instead of waiting for a month button it never shows.
  await expect(async () => {
    if ((await week.count()) > 0) {
      if (!(await day.isVisible())) {
        const from = (await week.getAttribute('data-from')) ?? '';
        await scope
          .getByRole('button', { name: date < from ? 'Earlier week' : 'Later week' })
          .click({ timeout: 2_000 });
      }
    } else if (!(await scope.getByText(month, { exact: true }).isVisible())) {
      await scope.getByRole('button', { name: 'Next month' }).click({ timeout: 2_000 });
    }
    await expect(day).toBeEnabled({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  return day;
}

/**
 * Turns the calendar to the day's month and picks the day once its free times have loaded. The slots arriving may
 * still move the calendar to an earlier month between the turn and the click (a CI run's click then waited for a day
 * no longer shown until the test timed out): the click gives up after 2 s and the calendar is turned again.
 */
export async function pickDay(scope: Page | Locator, date: string) {
  await expect(async () => {
    await (await turnToDay(scope, date)).click({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
}

/** Picks the first free time of the chosen day and returns it as shown, e.g. '10:00'. */
export async function pickFirstTime(scope: Page | Locator): Promise<string> {
  const time = scope.getByRole('group', { name: 'Free times' }).getByRole('button').first();
  const label = (await time.textContent()) ?? '';
  await time.click();
  await expectTimeChosen(scope, time);
  return label;
}

/**
 * On /book (a page) choosing a time moves on to the details step, or straight to confirming for a client whose name
 * and phone are known; in the reschedule dialog it stays pressed.
 */
async function expectTimeChosen(scope: Page | Locator, button: Locator) {
  if ('goto' in scope) await expect(scope).toHaveURL(/[?&]step=(details|confirm)(&|$)/);
  else await expect(button).toHaveAttribute('aria-pressed', 'true');
}

/** The bottom bar of /book: the choice so far, its price and the next action. */
export function choiceBar(page: Page) {
  return page.getByRole('region', { name: 'Your choice' });
}

/**
 * Fills the details step (phone) and continues to the confirm step; a client whose details are known is there
 * already, and its 'Edit' brings the form back to give this phone.
 */
export async function continueWithDetails(page: Page, phone: string) {
  if (/[?&]step=confirm(&|$)/.test(page.url())) {
    await confirmForm(page).getByRole('button', { name: 'Edit', exact: true }).click();
  }
  await detailsForm(page).getByRole('textbox', { name: 'Phone', exact: true }).fill(phone);
  await choiceBar(page).getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('form', { name: 'Confirm your booking' })).toBeVisible();
}

export function confirmForm(page: Page) {
  return page.getByRole('form', { name: 'Confirm your booking' });
}

/** Picks the free time `time` (HH:MM, as the buttons show it) of the chosen day. */
export async function pickTime(scope: Page | Locator, time: string): Promise<string> {
  const button = scope
    .getByRole('group', { name: 'Free times' })
    .getByRole('button')
    .filter({ hasText: new RegExp(`^\\s*${time}\\s*$`) });
  await button.click();
  await expectTimeChosen(scope, button);
  return time;
}

/** Creates an account in the last step of /book, which then shows the details form. */
export async function signUpInline(page: Page, name: string, email: string) {
  await page.getByRole('tab', { name: 'Create account' }).click();
  const form = page.getByRole('form', { name: 'Create account' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill('Password1!');
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('form', { name: 'Your details' })).toBeVisible();
}

export function detailsForm(page: Page) {
  return page.getByRole('form', { name: 'Your details' });
}

/** The 'D Month YYYY' part of a day, as the booking cards spell it. */
export function dayText(date: string): RegExp {
  const at = new Date(`${date}T12:00:00Z`);
  const text = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(at);
  return new RegExp(`\\b${text}\\b`);
}
