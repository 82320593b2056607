import type { Page, TestInfo } from '@playwright/test';
import { signInAsAdmin } from '../support/auth.ts';
import { expect, test } from '../support/fixtures.ts';
import { expectImagesLoaded, expectNoViolations, visitorPage } from './website.ts';

// Nothing here depends on the payment policy: it runs beside a test that changes it (fixtures.ts).
test.use({ paymentPolicy: 'ignores' });

const BODY = { light: 'rgb(255, 255, 255)', dark: 'rgb(36, 36, 36)' };

/** Every back-office screen, with what shows once it has loaded. */
const backOffice: { path: string; heading: string; ready?: (page: Page) => Promise<void> }[] = [
  { path: '/dashboard', heading: 'Dashboard' },
  {
    path: '/manage_bookings',
    heading: 'Bookings',
    ready: (page) => expect(page.locator('.fc-timegrid-slot').first()).toBeVisible(),
  },
  {
    path: '/availability',
    heading: 'Availability',
    ready: (page) => expect(page.locator('.fc-timegrid-slot').first()).toBeVisible(),
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
  { path: '/website', heading: 'Website' },
  { path: '/reviews', heading: 'Reviews' },
  { path: '/questionnaire', heading: 'Health questionnaire' },
];

async function expectLoaded(page: Page) {
  await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
}

/**
 * Four screens a test: the whole walk in one test held a worker for minutes at the end of a run while the others
 * stood idle; in groups the workers share it.
 */
const SCREENS_A_TEST = 4;
const screenGroups = Array.from({ length: Math.ceil(backOffice.length / SCREENS_A_TEST) }, (_, index) =>
  backOffice.slice(index * SCREENS_A_TEST, (index + 1) * SCREENS_A_TEST),
);

for (const scheme of ['light', 'dark'] as const) {
  for (const screens of screenGroups) {
    const names = screens.map((screen) => screen.path).join(', ');
    test(`the back-office screens ${names} follow a ${scheme} device, axe clean @phone`, async ({ page }, testInfo) => {
      test.setTimeout(120_000);
      await walkScreens(page, screens, scheme, testInfo);
    });
  }
}

async function walkScreens(page: Page, screens: typeof backOffice, scheme: 'light' | 'dark', testInfo: TestInfo) {
  const tag = testInfo.project.name === 'phone' ? 'phone' : 'desk';
  await page.emulateMedia({ colorScheme: scheme });
  await signInAsAdmin(page);
  for (const screen of screens) {
    await test.step(screen.path, async () => {
      await page.goto(screen.path);
      await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
      await screen.ready?.(page);
      await expectLoaded(page);
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      await expect(page.locator('body')).toHaveCSS('background-color', BODY[scheme]);
      await expectNoViolations(page, { soft: true });
      if (scheme === 'dark' || screen.path === '/dashboard')
        await page.screenshot({ path: testInfo.outputPath(`${scheme}${screen.path.replace('/', '-')}-${tag}.png`) });
    });
  }
}

test('the public pages and the funnel follow a dark device, axe clean @phone', async ({ browser }, testInfo) => {
  test.setTimeout(300_000);
  const tag = testInfo.project.name === 'phone' ? 'phone' : 'desk';
  const { context, page } = await visitorPage(browser, testInfo, 'dark');
  const pages = [
    { path: '/', heading: 'Massage that fits your day' },
    { path: '/book', heading: 'Book a massage' },
    { path: '/book?style=therapeutic&type=swedish', heading: 'Length' },
    { path: '/facebook_login', heading: 'Sign in' },
    { path: '/?termsandconditions=true', heading: 'Terms and conditions' },
  ];
  for (const { path, heading } of pages) {
    await test.step(path, async () => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
      await expect(page.locator('body')).toHaveCSS('background-color', BODY.dark);
      await expect(page.getByLabel('Loading services')).toHaveCount(0);
      await expectImagesLoaded(page);
      await expectNoViolations(page);
      await page.screenshot({
        path: testInfo.outputPath(`dark${path.replace(/\W+/g, '-')}-${tag}.png`),
        fullPage: true,
      });
    });
  }
  // The funnel's next steps: a length, then the day with its times.
  await page.goto('/book?style=therapeutic&type=swedish');
  await page.getByRole('radio', { name: '1 h, £70' }).click();
  await expect(page).toHaveURL(/[?&]step=day(&|$)/);
  await expect(page.getByRole('heading', { name: /day/i }).first()).toBeVisible();
  await expectNoViolations(page);
  await page.screenshot({ path: testInfo.outputPath(`dark-funnel-day-${tag}.png`), fullPage: true });
  await context.close();
});

test('the account menu switches between light, dark and the device’s own scheme @phone', async ({
  browser,
}, testInfo) => {
  const { context, page } = await visitorPage(browser, testInfo, 'light');
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  const choice = (name: string) => menu.getByRole('radio', { name });
  await expect(choice('Device')).toBeChecked();
  await menu.getByText('Dark', { exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.locator('body')).toHaveCSS('background-color', BODY.dark);
  await expectNoViolations(page);

  // Kept on this device: the next visit is dark from its first paint, on a light device.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(choice('Dark')).toBeChecked();
  await menu.getByText('Device', { exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await menu.getByText('Light', { exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  await context.close();
});

test('the back office’s account menu switches between light, dark and the device’s own scheme @phone', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await signInAsAdmin(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  // The menu opens only once the last one has closed: a tap during its closing transition (long on a busy
  // machine) toggled it shut again, and the item was then waited for in vain.
  const choose = async (name: string) => {
    await expect(page.getByRole('menu')).toHaveCount(0);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: new RegExp(`^${name}`) }).click();
  };
  await choose('Dark');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.locator('body')).toHaveCSS('background-color', BODY.dark);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Dark (chosen)' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Device' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  await choose('Light');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
});
