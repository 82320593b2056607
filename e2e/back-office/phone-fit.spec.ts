import type { Page } from '@playwright/test';
import { signInAsAdmin } from '../support/auth.ts';
import { diaryTime } from '../support/diary.ts';
import { expect, test } from '../support/fixtures.ts';
import { longUnbrokenName, PHONE, phoneFitWalk } from '../support/phone-fit.ts';
import { phoneBooking } from './back-office.ts';

// Nothing here depends on the payment policy: it runs beside a test that changes it (fixtures.ts).
test.use({ paymentPolicy: 'ignores' });

/** Every back-office screen, with the heading it opens on and, where a screen has one, what to open first. */
const screens: { path: string; heading: string | RegExp; open?: (page: Page) => Promise<void> }[] = [
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
  { path: '/expenses', heading: 'Expenses' },
  { path: '/invoices', heading: 'Invoices' },
  { path: '/vouchers', heading: 'Vouchers' },
  { path: '/ledger', heading: 'Ledger' },
  { path: '/finances', heading: 'Finances' },
  { path: '/vat-returns', heading: 'VAT returns' },
  { path: '/analytics', heading: 'Analytics' },
  { path: '/business', heading: 'Business details' },
  { path: '/courses', heading: 'Courses' },
  { path: '/website', heading: 'Website' },
  { path: '/questionnaire', heading: 'Health questionnaire' },
  { path: '/reviews', heading: 'Reviews' },
  { path: '/manage_waitlist', heading: 'Waitlist' },
];

test('every back-office screen fits a 375 px phone: no overflow, whole badges, tap targets big enough @phone', async ({
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
  const check = walk.check;
  for (const screen of screens) {
    await page.goto(screen.path);
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
    await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
    await screen.open?.(page);
    await check(screen.path);
  }

  await page.goto(`/manage_bookings?date=${slot.date}`);
  await page.getByRole('tab', { name: 'List' }).click();
  await page.getByRole('textbox', { name: 'Customer' }).fill(name);
  const row = page.getByRole('list', { name: 'Bookings' }).getByRole('listitem');
  await expect(row).toHaveCount(1);
  await row.getByRole('button').click();
  await expect(page.getByRole('dialog', { name: 'Booking' })).toContainText(name);
  await check('booking sheet');
  await page.keyboard.press('Escape');

  // Found by a search: by name, the list's first page of 50 ends before W once the run has made that many customers.
  await page.goto(`/customers?q=${encodeURIComponent(name)}`);
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name })).toBeVisible();
  await check('/customers/one');
  walk.expectAllFit();
});
