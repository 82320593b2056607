import type { Page } from '@playwright/test';
import { signInAsAdmin } from '../support/auth.ts';
import { diaryTime } from '../support/diary.ts';
import { expect, test } from '../support/fixtures.ts';
import { longUnbrokenName, PHONE, phoneFitWalk } from '../support/phone-fit.ts';
import { phoneBooking } from './back-office.ts';

// Nothing here depends on the payment policy: it runs beside a test that changes it (fixtures.ts).
test.use({ paymentPolicy: 'ignores' });

type Screen = { path: string; heading: string | RegExp; open?: (page: Page) => Promise<void> };

/** The day's screens, where the test's own client shows: with the heading each opens on and what to open first. */
const dayScreens: Screen[] = [
  { path: '/dashboard', heading: 'Dashboard' },
  { path: '/manage_bookings', heading: 'Bookings' },
  {
    path: '/manage_bookings?list',
    heading: 'Bookings',
    open: (page) => page.getByRole('tab', { name: 'List' }).click(),
  },
  {
    path: '/availability',
    heading: 'Availability',
    open: (page) => page.getByRole('button', { name: 'Opening hours and booking rules' }).click(),
  },
  { path: '/customers', heading: 'Customers' },
  { path: '/emails', heading: 'Emails' },
  { path: '/manage_waitlist', heading: 'Waitlist' },
];

/** The books and the settings: every other back-office screen. */
const booksAndSettings: Screen[] = [
  { path: '/expenses', heading: 'Expenses' },
  { path: '/invoices', heading: 'Invoices' },
  { path: '/vouchers', heading: 'Vouchers' },
  { path: '/courses', heading: 'Courses' },
  { path: '/ledger', heading: 'Ledger' },
  { path: '/finances', heading: 'Finances' },
  { path: '/vat-returns', heading: 'VAT returns' },
  { path: '/analytics', heading: 'Analytics' },
  { path: '/business', heading: 'Business details' },
  { path: '/website', heading: 'Website' },
  { path: '/questionnaire', heading: 'Health questionnaire' },
  { path: '/reviews', heading: 'Reviews' },
];

async function checkEach(page: Page, check: (what: string) => Promise<void>, screens: Screen[]) {
  for (const screen of screens) {
    await page.goto(screen.path);
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
    await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
    await screen.open?.(page);
    await check(screen.path);
  }
}

test('the day’s back-office screens fit a 375 px phone with a 60-character unbroken client name and email @phone', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize(PHONE);
  await signInAsAdmin(page);
  // A booking of the test's own, so the diary, the list, a customer and a booking sheet have something to show;
  // its client's name (60 characters) and email are one long unbroken word each, which must wrap rather than widen
  // a screen.
  const name = longUnbrokenName('Fitz');
  const slot = diaryTime();
  await phoneBooking(page.request, { date: slot.date, time: slot.time, name, type: 'deeptissue' });
  const walk = phoneFitWalk(page, 'back-office');
  await checkEach(page, walk.check, dayScreens);

  await page.goto(`/manage_bookings?date=${slot.date}`);
  await page.getByRole('tab', { name: 'List' }).click();
  await page.getByRole('textbox', { name: 'Customer' }).fill(name);
  const row = page.getByRole('list', { name: 'Bookings' }).getByRole('listitem');
  await expect(row).toHaveCount(1);
  await row.getByRole('button').click();
  await expect(page.getByRole('dialog', { name: 'Booking' })).toContainText(name);
  await walk.check('booking sheet');
  await page.keyboard.press('Escape');

  // Found by a search: by name, the list's first page of 50 ends before W once the run has made that many customers.
  await page.goto(`/customers?q=${encodeURIComponent(name)}`);
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name })).toBeVisible();
  await walk.check('/customers/one');
  walk.expectAllFit();
});

test('the back office’s books and settings fit a 375 px phone: no overflow, whole badges, targets big enough @phone', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize(PHONE);
  await signInAsAdmin(page);
  const walk = phoneFitWalk(page, 'back-office');
  await checkEach(page, walk.check, booksAndSettings);
  walk.expectAllFit();
});
