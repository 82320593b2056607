import type { Page } from '@playwright/test';
import { signInAsAdmin } from '../support/auth.ts';
import { pageAtRest } from '../support/axe.ts';
import { diaryTime } from '../support/diary.ts';
import { expect, test } from '../support/fixtures.ts';
import { tmpDir } from '../support/paths.ts';
import { phoneBooking, uniqueName } from './back-office.ts';

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
];

/** What does not fit a 375 px phone: overflow, cut-off badges, tap targets under 24 px, primary actions under 44 px. */
async function misfits(page: Page) {
  return page.evaluate(() => {
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
    };
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`;
    const problems: string[] = [];
    // A phone widens its layout viewport to fit what overflows, so the screen's width is the fixed 375.
    const screenWidth = 375;
    const overflow = document.documentElement.scrollWidth - screenWidth;
    if (overflow > 0) {
      const wide = [...document.querySelectorAll('body *')]
        .filter((element) => visible(element) && element.getBoundingClientRect().right > screenWidth + 1)
        .slice(0, 3)
        .map(name);
      problems.push(`${overflow} px wider than the screen: ${wide.join(', ')}`);
    }
    for (const label of document.querySelectorAll('.mantine-Badge-label'))
      if (visible(label) && label.scrollWidth > label.clientWidth + 1) problems.push(`cut-off badge ${name(label)}`);
    const targets = document.querySelectorAll(
      ':is(main, [role="dialog"], nav) :is(button, a, select, input:not([type="hidden"]), [role="tab"], [role="switch"])',
    );
    for (const target of targets) {
      if (!visible(target)) continue;
      // A link inside a sentence is exempt (WCAG 2.5.8).
      if (target.tagName === 'A' && getComputedStyle(target).display === 'inline') continue;
      // What takes the tap: a checkbox's whole label, a tags field around its inner input.
      const box = (
        target.closest('.mantine-Checkbox-root, .mantine-Radio-root, .mantine-Switch-root, .mantine-Input-input') ??
        target
      ).getBoundingClientRect();
      if (box.width < 24 || box.height < 24)
        problems.push(`small target ${name(target)} ${Math.round(box.width)}×${Math.round(box.height)}`);
    }
    for (const button of document.querySelectorAll(
      'main .mantine-Button-root:not([data-variant]), main .mantine-Button-root[data-variant="filled"], [role="dialog"] .mantine-Button-root:not([data-variant])',
    ))
      if (visible(button) && button.getBoundingClientRect().height < 44)
        problems.push(`primary action under 44 px ${name(button)}`);
    return problems;
  });
}

test('every back-office screen fits a 375 px phone: no overflow, whole badges, tap targets big enough @phone', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 375, height: 812 });
  await signInAsAdmin(page);
  // A booking of the test's own, so the diary, the list, a customer and a booking sheet have something to show;
  // its client's name and email are one long unbroken word each, which must wrap rather than widen a screen.
  const name = `Wolfeschlegelsteinhausenbergerdorff${uniqueName('Fitz').replace(/\W/g, '')}`;
  const slot = diaryTime();
  await phoneBooking(page.request, { date: slot.date, time: slot.time, name, type: 'deeptissue' });
  const found: Record<string, string[]> = {};
  const check = async (what: string) => {
    await pageAtRest(page);
    await page.screenshot({ path: `${tmpDir}/shots/375${what.replace(/\W+/g, '-')}.png`, fullPage: true });
    const problems = await misfits(page);
    if (problems.length > 0) found[what] = problems;
  };
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
  expect(found).toEqual({});
});
