import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { signInAsAdmin, signInAsLodger } from '../support/auth.ts';
import { dialogsAtRest } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { tmpDir } from '../support/paths.ts';

/** Every back-office section in the sidebar's order, with the heading its page opens on. */
const sections = [
  { label: 'Dashboard', path: '/dashboard', heading: 'Dashboard' },
  { label: 'Bookings', path: '/manage_bookings', heading: 'Bookings' },
  { label: 'Availability', path: '/availability', heading: 'Availability' },
  { label: 'Customers', path: '/customers', heading: 'Customers' },
  { label: 'Emails', path: '/emails', heading: 'Emails' },
  { label: 'Expenses', path: '/expenses', heading: 'Expenses' },
  { label: 'Invoices', path: '/invoices', heading: 'Invoices' },
  { label: 'Ledger', path: '/ledger', heading: 'Ledger' },
  { label: 'Finances', path: '/finances', heading: 'Finances' },
  { label: 'Analytics', path: '/analytics', heading: 'Analytics' },
  { label: 'Business details', path: '/business', heading: 'Business details' },
] as const;

async function pageReady(page: Page, heading: string) {
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: heading })).toBeVisible();
  // Skeletons give way to the data.
  await expect(page.getByRole('main').locator('[aria-busy="true"], .mantine-Skeleton-root')).toHaveCount(0);
  await dialogsAtRest(page);
}

async function expectNoViolations(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map(({ id, help, nodes }) => ({ id, help, targets: nodes.map((n) => n.target) })),
    what,
  ).toEqual([]);
}

async function expectNothingWiderThanTheScreen(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what} is wider than the screen`).toBeLessThanOrEqual(0);
}

const shot = (page: Page, name: string) => page.screenshot({ path: `${tmpDir}/shots/${name}.png`, fullPage: true });

test('the owner moves between every section by the sidebar, the current one marked, each page axe-clean', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.goto('/dashboard');
  const sidebar = page.getByRole('navigation', { name: 'Main' });
  await expect(sidebar.getByRole('link')).toHaveText(sections.map((s) => s.label));
  for (const section of sections) {
    await sidebar.getByRole('link', { name: section.label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${section.path}$`));
    await expect(sidebar.getByRole('link', { name: section.label, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await pageReady(page, section.heading);
    await expectNoViolations(page, section.path);
    await shot(page, `desktop-light${section.path.replace('/', '-')}`);
  }
});

test('the lodger sees only Availability in the sidebar', async ({ page }) => {
  await signInAsLodger(page);
  await page.goto('/availability');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText(['Availability']);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });
  test('on a phone the owner uses the bottom bar and More, and no screen is wider than the phone @phone', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await page.goto('/dashboard');
    const bar = page.getByRole('navigation', { name: 'Sections' });
    await expect(bar.getByRole('link')).toHaveText(['Dashboard', 'Bookings', 'Availability', 'Customers']);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    for (const section of sections.slice(0, 4)) {
      await bar.getByRole('link', { name: section.label }).click();
      await expect(page).toHaveURL(new RegExp(`${section.path}$`));
      await pageReady(page, section.heading);
      await expectNothingWiderThanTheScreen(page, section.path);
      await shot(page, `phone-light${section.path.replace('/', '-')}`);
    }
    for (const section of sections.slice(4)) {
      await bar.getByRole('button', { name: 'More' }).click();
      const more = page.getByRole('dialog', { name: 'More' });
      await more.getByRole('link', { name: section.label, exact: true }).click();
      await expect(more).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`${section.path}$`));
      await pageReady(page, section.heading);
      await expectNothingWiderThanTheScreen(page, section.path);
      await shot(page, `phone-light${section.path.replace('/', '-')}`);
    }
    // The bar's tap targets are at least 44 px high.
    for (const box of await bar.getByRole('link').evaluateAll((links) => links.map((l) => l.getBoundingClientRect())))
      expect(box.height).toBeGreaterThanOrEqual(44);
  });
});

test('dark mode from the account menu: every back-office screen is axe-clean, and light comes back', async ({
  page,
}) => {
  await signInAsAdmin(page);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('switch', { name: 'Dark mode' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.keyboard.press('Escape');
  for (const section of sections) {
    await page.goto(section.path);
    await pageReady(page, section.heading);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expectNoViolations(page, `${section.path} in the dark`);
    await shot(page, `desktop-dark${section.path.replace('/', '-')}`);
  }
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('switch', { name: 'Dark mode' }).uncheck();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
});

test('a device set to dark gets the dark back office, axe-clean on every screen @phone', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await signInAsAdmin(page);
  for (const section of sections) {
    await page.goto(section.path);
    await pageReady(page, section.heading);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expectNoViolations(page, `${section.path} on a dark device`);
    await shot(page, `${page.viewportSize()?.width}-device-dark${section.path.replace('/', '-')}`);
  }
});
