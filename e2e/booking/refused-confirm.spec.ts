import type { Locator, Page } from '@playwright/test';
import { uniqueEmail } from '../support/auth.ts';
import { diaryTime } from '../support/diary.ts';
import { expect, test } from '../support/fixtures.ts';
import { choiceBar, confirmForm, continueWithDetails, pickFirstTime, turnToDay } from './booking.ts';

/** Where the element's centre is, and whether a tap there lands on it (or on its label), not on the sticky bar. */
async function tapLandsOn(target: Locator) {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    const root = element.closest('.mantine-Checkbox-root') ?? element;
    const labels = element instanceof HTMLInputElement ? [...(element.labels ?? [])] : [];
    return hit !== null && (root.contains(hit) || labels.some((label) => label.contains(hit)));
  });
}

/** The element is wholly inside the viewport and above the funnel's bottom bar. */
async function expectAboveTheBar(page: Page, target: Locator, what: string) {
  const viewport = page.viewportSize();
  // Still scrolling into view: measured once it has stopped.
  let last = '';
  await expect
    .poll(async () => {
      const box = JSON.stringify(await target.boundingBox());
      const still = box === last;
      last = box;
      return still;
    })
    .toBe(true);
  const box = await target.boundingBox();
  const bar = await choiceBar(page).boundingBox();
  if (!box || !bar || !viewport) throw new Error('no layout box');
  expect(box.y, `${what}: top edge on screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: right edge on screen`).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height, `${what}: bottom edge above the bottom bar`).toBeLessThanOrEqual(bar.y);
}

test('"Request booking" without the 18+ tick moves focus to the box, shown above the sticky bar with its error @phone', async ({
  page,
  baseURL,
}, testInfo) => {
  test.slow();
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { name: 'Tia Tickbox', email: uniqueEmail('tickbox'), password: 'Password1!' },
    // better-auth refuses cookie-setting calls without an Origin, as a browser's form would send.
    headers: { origin: baseURL ?? '' },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);

  await page.goto('/sensual');
  await expect(page).toHaveURL(/\/book\?style=sensual&type=sensual$/);
  await page.getByRole('radio').first().click();
  await (await turnToDay(page, diaryTime().date)).click();
  await pickFirstTime(page);
  await continueWithDetails(page, '+44 7700 900425');

  const form = confirmForm(page);
  const tick = form.getByRole('checkbox', { name: 'I confirm I am 18 or over' });
  await expect(tick).not.toBeChecked();
  // From the top of the step, where the client reads what they book: the box is further down, on a phone below
  // the bar.
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  const submit = choiceBar(page).getByRole('button', {
    name: /^(Request booking|Confirm booking|Continue to payment)$/,
  });
  if (testInfo.project.name === 'phone') await submit.tap();
  else await submit.click();

  await expect(tick).toBeFocused();
  const error = form.getByText('Please confirm that you are 18 or over.');
  await expect(error).toBeVisible();
  // The error is the box's description, so a screen reader reads it with the focused box.
  const describedBy = (await tick.getAttribute('aria-describedby')) ?? '';
  expect(describedBy).not.toBe('');
  expect(await error.evaluate((element, ids) => ids.split(' ').includes(element.id), describedBy)).toBe(true);
  await expectAboveTheBar(page, tick, 'the 18+ box');
  await expectAboveTheBar(page, error, 'its error');
  expect(await tapLandsOn(tick), 'a tap on the box lands on it, not on the bar or a notice').toBe(true);
  await page.screenshot({ path: testInfo.outputPath(`${testInfo.project.name}-refused-confirm.png`) });

  // Ticked, the error goes and nothing else stands in the way.
  await tick.check();
  await expect(error).toBeHidden();
  await expect(submit).toBeEnabled();
});
