import { adminOnlyPaths } from '@app/shared';
import type { Page } from '@playwright/test';
import { accounts, signInAs, signInThroughForm } from '../support/auth.ts';
import { expect, test } from '../support/fixtures.ts';
import { expectPathAndQuery } from './shell.ts';

// Nothing here depends on the payment policy: it runs beside a test that changes it (fixtures.ts).
test.use({ paymentPolicy: 'ignores' });

const backOffice = adminOnlyPaths.map((path) => path.replace(':expenseId', 'exp-42').replace(':uid', 'user-42'));

/** Opens a path as a fresh page load (a typed address or a bookmark) and waits for where the guard leaves it. */
async function open(page: Page, path: string, expected: string) {
  await page.goto(path);
  await expectPathAndQuery(page, expected);
  await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
}

test.describe('navigation guard', () => {
  test('a visitor who is not signed in is sent home from every page that needs a sign-in or a role', async ({
    page,
  }) => {
    await open(page, '/', '/');
    await open(page, '/bookings', '/');
    await open(page, '/account', '/');
    await open(page, '/availability', '/');
    for (const path of backOffice) await open(page, path, '/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/facebook_login',
    );
  });

  test('a client sees their bookings and account, and is sent home from availability and the back office', async ({
    page,
  }) => {
    await signInAs(page, accounts.client);
    await open(page, '/', '/');
    await open(page, '/bookings', '/bookings');
    await expect(page.getByRole('heading', { level: 1, name: 'My bookings' })).toBeVisible();
    await open(page, '/account', '/account');
    await open(page, '/availability', '/');
    for (const path of backOffice) await open(page, path, '/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'My bookings' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  });

  test('a lodger opening home goes to availability, and the back office sends them home and on to availability', async ({
    page,
  }) => {
    test.slow(); // fourteen full page loads, each starting the app afresh
    await signInAs(page, accounts.lodger);
    await open(page, '/', '/availability');
    await expect(page.getByRole('heading', { level: 1, name: 'Availability' })).toBeVisible();
    await open(page, '/availability', '/availability');
    await open(page, '/bookings', '/bookings');
    await open(page, '/account', '/account');
    for (const path of backOffice) await open(page, path, '/availability');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(['Availability']);
  });

  test('an admin opening home goes to the dashboard and may open every back-office page and availability', async ({
    page,
  }) => {
    test.slow(); // fifteen full page loads, each starting the app afresh
    await signInAs(page, accounts.admin);
    await open(page, '/', '/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    for (const path of backOffice) await open(page, path, path);
    await open(page, '/availability', '/availability');
    await open(page, '/bookings', '/bookings');
    await open(page, '/account', '/account');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Menu' });
    for (const label of ['Dashboard', 'Bookings', 'Availability', 'Customers', 'Invoices', 'Expenses', 'Ledger'])
      await expect(menu.getByRole('link', { name: label, exact: true })).toBeVisible();
  });

  test('the guard also applies to navigation inside the app: signing out on a guarded page leads home', async ({
    page,
  }) => {
    // Through the form: signing out ends this session, not the one the other tests share.
    await signInThroughForm(page, accounts.client);
    await page.goto('/bookings');
    await expect(page.getByRole('heading', { level: 1, name: 'My bookings' })).toBeVisible();
    await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
    await expectPathAndQuery(page, '/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  });
});
