import type { Page } from '@playwright/test';
import { signInAsAdmin, signInAsLodger } from '../support/auth.ts';
import { expectNoAxeViolations, pageAtRest } from '../support/axe.ts';
import { diaryTime } from '../support/diary.ts';
import { expect, test } from '../support/fixtures.ts';
import { pendingSensualBooking, uniqueName } from './back-office.ts';

// Nothing here depends on the payment policy: it runs beside a test that changes it (fixtures.ts).
test.use({ paymentPolicy: 'ignores' });

/** Every back-office section in the sidebar's order, with the heading its page opens on. */
const sections = [
  { label: 'Dashboard', path: '/dashboard' },
  { label: 'Bookings', path: '/manage_bookings' },
  { label: 'Availability', path: '/availability' },
  { label: 'Customers', path: '/customers' },
  { label: 'Waitlist', path: '/manage_waitlist' },
  { label: 'Emails', path: '/emails' },
  { label: 'Expenses', path: '/expenses' },
  { label: 'Invoices', path: '/invoices' },
  { label: 'Vouchers', path: '/vouchers' },
  { label: 'Courses', path: '/courses' },
  { label: 'Ledger', path: '/ledger' },
  { label: 'Finances', path: '/finances' },
  { label: 'VAT returns', path: '/vat-returns' },
  { label: 'Analytics', path: '/analytics' },
  { label: 'Business details', path: '/business' },
  { label: 'Website', path: '/website' },
  { label: 'Reviews', path: '/reviews' },
] as const;

async function pageReady(page: Page, heading: string) {
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: heading })).toBeVisible();
  // The skeletons have given way to the page.
  await expect(page.getByRole('status', { name: 'Loading…' })).toHaveCount(0);
}

test('the owner moves between every section by the sidebar, the current one marked, axe-clean', async ({ page }) => {
  test.slow();
  await signInAsAdmin(page);
  await page.goto('/dashboard');
  const sidebar = page.getByRole('navigation', { name: 'Main' });
  // A count of waiting requests may follow a name.
  await expect(sidebar.getByRole('link')).toHaveText(sections.map((s) => new RegExp(`^\\d*${s.label}\\d*$`)));
  // The business name in the header starts where the sidebar's icons do.
  const nameLeft = await page
    .getByRole('banner')
    .getByRole('link')
    .first()
    .evaluate((link) => {
      const text = document.createRange();
      text.selectNodeContents(link);
      return text.getBoundingClientRect().x;
    });
  const iconLeft = (await sidebar.getByRole('link').first().locator('svg').boundingBox())?.x;
  expect(Math.abs(nameLeft - (iconLeft ?? 100))).toBeLessThanOrEqual(1);
  for (const section of sections) {
    await sidebar.getByRole('link', { name: section.label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${section.path}$`));
    const link = sidebar.getByRole('link', { name: section.label, exact: true });
    await expect(link).toHaveAttribute('aria-current', 'page');
    await expect(sidebar.locator('[aria-current="page"]')).toHaveCount(1);
    await pageReady(page, section.label);
  }
  await expectNoAxeViolations(page, 'the sidebar on /business');
  await page.goto('/manage_bookings');
  await pageReady(page, 'Bookings');
  await expectNoAxeViolations(page, 'the sidebar with Bookings current');
});

test.describe(() => {
  // A sensual booking asks what the payment policy says (a deposit by bank transfer holds it awaiting payment): this
  // test waits while another changes the policy.
  test.use({ paymentPolicy: 'reads' });

  test('a request waiting for approval is counted beside Dashboard and Bookings', async ({
    page,
    browser,
    baseURL,
  }) => {
    await pendingSensualBooking(browser, baseURL ?? '', diaryTime(), uniqueName('Waiting'));
    await signInAsAdmin(page);
    await page.goto('/customers');
    const sidebar = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Dashboard', 'Bookings'])
      await expect(sidebar.getByRole('link', { name, exact: true })).toHaveAccessibleDescription(
        /^[1-9]\d* waiting for approval$/,
      );
    await expect(sidebar.getByRole('link', { name: 'Customers', exact: true })).toHaveAccessibleDescription('');
  });
});

test('the lodger sees only Availability in the sidebar', async ({ page }) => {
  await signInAsLodger(page);
  await page.goto('/availability');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText(['Availability']);
});

test('on a phone the owner moves by the bottom bar and More, axe-clean @phone', async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 375, height: 812 });
  await signInAsAdmin(page);
  await page.goto('/dashboard');
  const bar = page.getByRole('navigation', { name: 'Sections' });
  await expect(bar.getByRole('link')).toHaveText([/Dashboard/, /Bookings/, 'Availability', 'Customers']);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  for (const box of await bar
    .getByRole('link')
    .or(bar.getByRole('button'))
    .evaluateAll((items) => items.map((item) => item.getBoundingClientRect())))
    expect(box.height).toBeGreaterThanOrEqual(44);
  await pageReady(page, 'Dashboard');
  await expectNoAxeViolations(page, 'the bottom bar on /dashboard');

  for (const section of sections.slice(1, 4)) {
    await bar.getByRole('link', { name: section.label }).click();
    await expect(page).toHaveURL(new RegExp(`${section.path}$`));
    await expect(bar.getByRole('link', { name: section.label })).toHaveAttribute('aria-current', 'page');
    await pageReady(page, section.label);
  }
  for (const section of sections.slice(4)) {
    await bar.getByRole('button', { name: 'More' }).click();
    const more = page.getByRole('dialog', { name: 'More' });
    // The drawer slides up: a click while it moves lands where the link was a moment before, between two links.
    await pageAtRest(page);
    await more.getByRole('link', { name: section.label, exact: true }).click();
    await expect(more).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`${section.path}$`));
    await pageReady(page, section.label);
  }
  await bar.getByRole('button', { name: 'More' }).click();
  const more = page.getByRole('dialog', { name: 'More' });
  // The section the walk ended on is marked in More.
  await expect(more.getByRole('link', { name: 'Reviews', exact: true })).toHaveAttribute('aria-current', 'page');
  await expectNoAxeViolations(page, 'More open');
});
