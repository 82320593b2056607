import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { uniqueEmail } from '../support/auth.ts';
import { pageAtRest } from '../support/axe.ts';
import { localDate } from '../support/dates.ts';
import { diaryTime } from '../support/diary.ts';
import { expect, test } from '../support/fixtures.ts';
import { waitForMail } from '../support/mail.ts';
import { choiceBar, confirmForm, continueWithDetails, signUpInline, turnToDay } from './booking.ts';

async function expectNoViolations(page: Page) {
  await page.mouse.move(0, 0);
  await pageAtRest(page);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map(({ id, help, nodes }) => ({ id, help, targets: nodes.map((n) => n.target) }))).toEqual(
    [],
  );
}

/** The element is on screen without scrolling: inside the viewport and above the bottom bar. */
async function expectOnScreen(page: Page, target: Locator) {
  await expect(target).toBeVisible();
  const box = await target.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) throw new Error('no layout box');
  const bar = (await choiceBar(page).count()) > 0 ? await choiceBar(page).boundingBox() : null;
  const isInBar = await target.evaluate((element) => Boolean(element.closest('section[aria-label="Your choice"]')));
  const bottom = bar && !isInBar ? bar.y : viewport.height;
  expect(box.x, 'left edge on screen').toBeGreaterThanOrEqual(0);
  expect(box.y, 'top edge on screen').toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, 'right edge on screen').toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height, 'bottom edge above the bar and the screen’s edge').toBeLessThanOrEqual(bottom);
}

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.mouse.move(0, 0);
  await page.screenshot({ path: testInfo.outputPath(`${testInfo.project.name}-${name}.png`) });
}

const monthName = (date: string) =>
  new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );

/**
 * From `day`, the arrow keys walk the free days out of its month into the next one (or, when that one's first week
 * lies past the 60-day booking horizon, the one before), focus landing on a day of that month; one arrow the other
 * way comes back to a day of `date`'s month.
 */
async function crossMonthByArrows(page: Page, day: Locator, date: string) {
  const shown = page.getByText(monthName(date), { exact: true });
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
  const nextMonth = new Date(`${date.slice(0, 7)}-01T12:00:00Z`);
  nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1);
  const horizon = new Date(`${localDate(new Date())}T12:00:00Z`).getTime() + 60 * 86_400_000;
  const backwards = nextMonth.getTime() + 7 * 86_400_000 > horizon;
  const [away, back] = backwards ? ['ArrowLeft', 'ArrowRight'] : ['ArrowRight', 'ArrowLeft'];
  await day.focus();
  for (let presses = 0; (await shown.isVisible()) && presses < 32; presses++) {
    const before = await focused();
    await page.keyboard.press(away);
    await expect.poll(focused).not.toBe(before);
  }
  const other = new Date(`${date.slice(0, 7)}-15T12:00:00Z`);
  other.setUTCMonth(other.getUTCMonth() + (backwards ? -1 : 1));
  await expect.poll(focused).toContain(monthName(other.toISOString().slice(0, 10)));
  await page.keyboard.press(back);
  await expect.poll(focused).toContain(monthName(date));
}

test('a new visitor books step by step, each next choice on screen, axe clean at every step @phone', async ({
  page,
}, testInfo) => {
  test.slow();
  const phone = testInfo.project.name === 'phone';
  const slot = diaryTime();
  const date = slot.date;

  await page.goto('/book');
  const book = page.getByRole('link', { name: 'Book Swedish massage', exact: true });
  await expectOnScreen(page, book);
  await expectNoViolations(page);
  await screenshot(page, testInfo, '1-treatment');

  await book.click();
  await expect(page.getByRole('heading', { name: 'Length' })).toBeVisible();
  const length = page.getByRole('radio', { name: '1 h, £70' });
  await expectOnScreen(page, length);
  await expect(choiceBar(page)).toContainText('Swedish massage');
  await expect(choiceBar(page)).toContainText('from £70');
  await expectNoViolations(page);
  await screenshot(page, testInfo, '2-length');

  await length.click();
  await expect(page).toHaveURL(/[?&]step=day(&|$)/);
  // The first day with free times is already chosen; the visitor picks their own.
  await expect(page).toHaveURL(/[?&]day=\d{4}-\d{2}-\d{2}/);
  const day = await turnToDay(page, date);
  await expectOnScreen(page, day);
  await expect(choiceBar(page)).toContainText('Swedish massage, 1 h');
  await expect(choiceBar(page)).toContainText('£70');
  await expectNoViolations(page);
  await screenshot(page, testInfo, '3-day');
  // Arrow keys leave the month's day grid for the next (or previous) month's and come back.
  await crossMonthByArrows(page, day, date);

  await day.click();
  await expect(page).toHaveURL(new RegExp(`[?&]day=${date}(&|$)`));
  const times = page.getByRole('group', { name: 'Free times' });
  if (phone) {
    await expect(page.getByRole('heading', { name: 'Time', exact: true })).toBeVisible();
    // Back returns to the day; a shared link opens on the same step.
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Day', exact: true })).toBeVisible();
    await page.goForward();
    await expect(page.getByRole('heading', { name: 'Time', exact: true })).toBeVisible();
    const shared = await page.context().newPage();
    await shared.goto(page.url());
    await expect(shared.getByRole('heading', { name: 'Time', exact: true })).toBeVisible();
    await expect(shared.getByRole('group', { name: 'Free times' })).toBeVisible();
    await shared.close();
  }
  const firstTime = times.getByRole('button').filter({ hasText: new RegExp(`^\\s*${slot.time}\\s*$`) });
  await expectOnScreen(page, times.getByRole('button').first());
  // Times come grouped by the part of the day.
  const hour = Number(slot.time.slice(0, 2));
  const period = hour < 12 ? 'Morning' : hour < 17 ? 'Afternoon' : 'Evening';
  await expect(times.getByRole('group', { name: period }).getByRole('button', { name: slot.time })).toBeVisible();
  await expectNoViolations(page);
  await screenshot(page, testInfo, '4-time');

  const time = (await firstTime.textContent()) ?? '';
  await firstTime.click();
  await expect(page).toHaveURL(/[?&]step=details(&|$)/);
  const createAccount = page.getByRole('tab', { name: 'Create account' });
  await expectOnScreen(page, createAccount);
  await expect(choiceBar(page)).toContainText(time);
  await expectNoViolations(page);
  await screenshot(page, testInfo, '5-sign-in');

  await signUpInline(page, 'Fin Funnel', uniqueEmail('funnel'));
  // The shell's 'Welcome!' notification is closed as a visitor would (it is not this page's; see a11y.spec).
  const welcome = page.getByRole('alert').filter({ hasText: 'Welcome!' });
  await welcome.getByRole('button').click();
  await expect(welcome).toBeHidden();
  await expectOnScreen(page, page.getByRole('textbox', { name: 'Phone', exact: true }));
  await expectNoViolations(page);
  await screenshot(page, testInfo, '5-details');

  await continueWithDetails(page, '+44 7700 900515');
  const confirm = choiceBar(page).getByRole('button', { name: 'Confirm booking' });
  await expectOnScreen(page, confirm);
  await expect(confirmForm(page)).toContainText('+44 7700 900515');
  await expectNoViolations(page);
  await screenshot(page, testInfo, '6-confirm');

  await confirm.click();
  const heading = page.getByRole('heading', { level: 1, name: 'Booking confirmed' });
  await expectOnScreen(page, heading);
  await expect(page.getByRole('status').filter({ hasText: 'Confirmed' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(time);
  await expect(page.getByRole('heading', { name: 'What to bring' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Changing or cancelling' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('up to 24 hours before it starts');
  const ics = page.getByRole('link', { name: 'Add to calendar' });
  const download = await page.request.get((await ics.getAttribute('href')) as string);
  expect(await download.text()).toContain('SUMMARY:Swedish massage');
  await expectNoViolations(page);
  await screenshot(page, testInfo, '7-confirmation');
});

test('a new client’s sensual request says so from the button to the confirmation, and stays discreet @phone', async ({
  page,
}, testInfo) => {
  test.slow();
  const email = uniqueEmail('request');
  await page.goto('/naturist');
  await expect(page).toHaveURL(/\/book\?style=sensual&type=naturist$/);
  await page.getByRole('radio', { name: /^1 h, / }).click();
  const slot = diaryTime();
  const day = await turnToDay(page, slot.date);
  await day.click();
  await page
    .getByRole('group', { name: 'Free times' })
    .getByRole('button')
    .filter({ hasText: new RegExp(`^\\s*${slot.time}\\s*$`) })
    .click();
  await expect(page).toHaveURL(/[?&]step=details(&|$)/);
  await signUpInline(page, 'Rue Request', email);
  const welcome = page.getByRole('alert').filter({ hasText: 'Welcome!' });
  await welcome.getByRole('button').click();
  await expect(welcome).toBeHidden();
  await expect(page.getByText('This booking will be a request')).toBeVisible();
  await continueWithDetails(page, '+44 7700 900616');

  const form = confirmForm(page);
  const request = choiceBar(page).getByRole('button', { name: 'Request booking' });
  await expectOnScreen(page, request);
  await expect(form).toContainText('This booking needs our approval');
  await expect(form).toContainText('We usually answer within a few hours');
  await expect(page.getByRole('button', { name: 'Confirm booking' })).toHaveCount(0);
  await form.getByRole('checkbox', { name: 'I confirm I am 18 or over' }).check();
  await expectNoViolations(page);
  await screenshot(page, testInfo, 'request-confirm');
  await request.click();

  await expect(page.getByRole('heading', { level: 1, name: 'Booking requested' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Requested' })).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText('Confirmed');
  await expect(page.getByRole('main')).not.toContainText('Address:');
  await expect(page.getByRole('main')).toContainText('The address comes with the approval email.');
  await expectNoViolations(page);
  await screenshot(page, testInfo, 'request-done');

  // Discretion: the calendar file and the email's subject and preview line say 'Massage appointment'.
  const ics = await page.request.get(
    (await page.getByRole('link', { name: 'Add to calendar' }).getAttribute('href')) as string,
  );
  const calendar = await ics.text();
  expect(calendar).toMatch(/SUMMARY:Massage appointment — /);
  expect(calendar).not.toMatch(/naturist/i);
  const mail = await waitForMail(email, 'request');
  expect(mail.subject).not.toMatch(/naturist/i);
  expect(mail.html).toMatch(/^<div style="display:none[^>]*>Massage appointment — /);
});

test('a visitor who arrived through a sensual link hides those treatments again on this device @phone', async ({
  page,
  context,
}, testInfo) => {
  await page.goto('/sensual');
  await page.goto('/book?style=sensual');
  await expect(page.getByRole('heading', { level: 2, name: 'Sensual massage' })).toBeVisible();
  const hide = page.getByRole('button', { name: 'Hide private treatments' });
  await expectOnScreen(page, hide);
  await expectNoViolations(page);
  await screenshot(page, testInfo, 'hide-private');

  await hide.click();
  await expect(page).toHaveURL(/\/book\?style=therapeutic$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Therapeutic massage' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sensual massage' })).toHaveCount(0);
  await expect(page.getByRole('radiogroup', { name: 'Style' })).toHaveCount(0);
  expect((await context.cookies()).find((cookie) => cookie.name === 'showSensual')).toBeUndefined();
  expect(await page.evaluate(() => localStorage.getItem('showSensual'))).toBeNull();
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Therapeutic massage' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sensual massage' })).toHaveCount(0);

  // The spec's redirects still set the flag again when followed.
  await page.goto('/sensual');
  await expect(page).toHaveURL(/\/book\?style=sensual&type=sensual$/);
  await expect
    .poll(async () => (await context.cookies()).find((cookie) => cookie.name === 'showSensual')?.value)
    .toBe('true');
  expect(await page.evaluate(() => localStorage.getItem('showSensual'))).toBe('true');
});
