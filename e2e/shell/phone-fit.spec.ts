import type { Service } from '@app/shared';
import type { Page } from '@playwright/test';
import { choiceBar, confirmForm, detailsForm, pickFirstTime, turnToDay } from '../booking/booking.ts';
import { diaryTime } from '../support/diary.ts';
import { expect, test } from '../support/fixtures.ts';
import { longUnbrokenEmail, longUnbrokenName, PHONE, phoneFitWalk } from '../support/phone-fit.ts';

// The back office's screens are walked in back-office/phone-fit.spec.ts; these are the public side's and the client's.

/** The page's first heading has come and nothing is loading any more. */
async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
}

/** Walks /book from the treatment to the time on `date`, checking each step; `style` as in the address. */
async function walkTheFunnel(
  page: Page,
  check: (what: string) => Promise<void>,
  { style, date }: { style: 'therapeutic' | 'sensual'; date: string },
) {
  await page.goto(`/book?style=${style}`);
  await settled(page);
  await check(`/book ${style}: treatment`);
  // The treatment's own link, not one of its price rows (which start at a length).
  await page
    .getByRole('link', { name: /^Book [^,]+$/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Length', exact: true })).toBeVisible();
  await check(`/book ${style}: length`);
  await page.getByRole('radio').first().click();
  await expect(page.getByRole('heading', { name: 'Day', exact: true })).toBeVisible();
  await check(`/book ${style}: day`);
  await (await turnToDay(page, date)).click();
  await expect(page.getByRole('heading', { name: 'Time', exact: true })).toBeVisible();
  await check(`/book ${style}: time`);
  await pickFirstTime(page);
}

test('every public page fits a 375 px phone: no overflow, every target 24 px or more @phone', async ({ page }) => {
  test.slow();
  await page.setViewportSize(PHONE);
  const walk = phoneFitWalk(page, 'public');
  // Nothing is booked: the day only has to have free times.
  const { date } = diaryTime();

  await page.goto('/');
  await settled(page);
  await walk.check('/');
  for (const policy of ['termsandconditions', 'cookiesandprivacypolicy']) {
    await page.goto(`/?${policy}=true`);
    await expect(page.getByRole('dialog')).toBeVisible();
    await walk.check(`/?${policy}`);
  }

  await walkTheFunnel(page, walk.check, { style: 'therapeutic', date });
  // Signed out, the details step asks who the visitor is first: signing in, or creating an account.
  await expect(page.getByRole('tab', { name: 'Create account' })).toBeVisible();
  await walk.check('/book: sign in');
  await page.getByRole('tab', { name: 'Create account' }).click();
  await walk.check('/book: create account');

  // The sensual link: it sets the discretion flag and opens the sensual treatments.
  await page.goto('/sensual');
  await expect(page).toHaveURL(/\/book\?style=sensual&type=sensual$/);
  await expect(page.getByRole('heading', { name: 'Length', exact: true })).toBeVisible();
  await walk.check('/sensual');
  await walkTheFunnel(page, walk.check, { style: 'sensual', date });

  await page.goto('/gift-vouchers');
  await settled(page);
  await walk.check('/gift-vouchers');
  await page.goto('/facebook_login');
  await settled(page);
  await walk.check('/facebook_login');
  await page.getByRole('tab', { name: 'Create account' }).click();
  await walk.check('/facebook_login: create account');
  // The emailed links of a visitor not signed in: each asks them to sign in first.
  for (const path of [`/review/${crypto.randomUUID()}`, `/waitlist/${crypto.randomUUID()}`, '/setup']) {
    await page.goto(path);
    await settled(page);
    await walk.check(path.replace(/[0-9a-f-]{36}/, 'id'));
  }
  walk.expectAllFit();
});

test('every page of a client with a 60-character unbroken name and email fits a 375 px phone @phone', async ({
  page,
  baseURL,
}) => {
  test.slow();
  await page.setViewportSize(PHONE);
  const name = longUnbrokenName('Clio');
  const email = longUnbrokenEmail(name);
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { name, email, password: 'Password1!' },
    // better-auth refuses cookie-setting calls without an Origin, as a browser's form would send.
    headers: { origin: baseURL ?? '' },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);

  // A booking and a place on the waitlist of the client's own, so their pages show them with the long name.
  const services = (await (await page.request.get('/api/services')).json()) as { services: Service[] };
  const swedish = services.services.find((service) => service.type === 'swedish');
  if (!swedish) throw new Error('no Swedish massage offered');
  const slot = diaryTime();
  const booked = await page.request.post('/api/bookings', {
    data: {
      serviceId: swedish.id,
      durationMinutes: 60,
      startsAt: slot.startsAt,
      name,
      phone: '+44 7700 900373',
      adultConfirmed: false,
      idempotencyKey: crypto.randomUUID(),
    },
  });
  expect(booked.ok(), await booked.text()).toBe(true);
  const booking = (await booked.json()) as { id: string };
  const joined = await page.request.post('/api/waitlist', {
    data: { serviceId: swedish.id, durationMinutes: 60, fromDate: slot.date, toDate: slot.date },
  });
  expect(joined.ok(), await joined.text()).toBe(true);
  const entry = (await joined.json()) as { id: string };

  const walk = phoneFitWalk(page, 'client');
  for (const path of ['/', '/account', '/bookings', '/health-form', '/gift-vouchers', '/second-factor']) {
    await page.goto(path);
    await settled(page);
    await walk.check(path);
  }
  await expect(page.getByRole('banner')).toBeVisible();
  await page.goto('/account');
  await expect(page.getByRole('main').getByText(email, { exact: true })).toBeVisible();
  await page.goto(`/waitlist/${entry.id}`);
  await settled(page);
  await walk.check('/waitlist/entry');
  // Before the visit the review link says it is too early; the page is still the client's.
  await page.goto(`/review/${booking.id}`);
  await settled(page);
  await walk.check('/review/booking');

  // The funnel signed in: the details known, the confirm step shows the long name; the sensual one its 18+ box.
  // On a cell of its own, never booked: the booking's day may be full by now (a Saturday has four cells).
  const walkCell = diaryTime();
  for (const style of ['therapeutic', 'sensual'] as const) {
    if (style === 'sensual') await page.goto('/sensual');
    await walkTheFunnel(page, walk.check, { style, date: walkCell.date });
    if (/[?&]step=confirm(&|$)/.test(page.url()))
      await confirmForm(page).getByRole('button', { name: 'Edit', exact: true }).click();
    await expect(detailsForm(page)).toBeVisible();
    await walk.check(`/book ${style}: details`);
    await detailsForm(page).getByRole('textbox', { name: 'Phone', exact: true }).fill('+44 7700 900373');
    await choiceBar(page).getByRole('button', { name: 'Continue' }).click();
    await expect(confirmForm(page)).toContainText(name);
    await walk.check(`/book ${style}: confirm`);
  }
  walk.expectAllFit();
});
