import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { signInAsAdmin, signInAsLodger } from '../support/auth.ts';
import { pageAtRest } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';

// Nothing here depends on the payment policy: it runs beside a test that changes it (fixtures.ts).
test.use({ paymentPolicy: 'ignores' });

async function expectNoViolations(page: Page) {
  await page.mouse.move(0, 0);
  await pageAtRest(page);
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map(({ id, help, nodes }) => ({ id, help, targets: nodes.map((n) => n.target) }))).toEqual(
    [],
  );
}

test('axe finds no violations on /dashboard, /manage_bookings and /availability @phone', async ({ page }) => {
  test.slow();
  await signInAsAdmin(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Next eight days' })).toBeVisible();
  await expectNoViolations(page);

  await page.goto('/manage_bookings');
  await expect(page.locator('.fc-timegrid-slot').first()).toBeVisible();
  await expectNoViolations(page);
  await page.getByRole('tab', { name: 'List' }).click();
  await expect(page.getByText(/\d+ bookings?$/)).toBeVisible();
  await expectNoViolations(page);
  await page.getByRole('button', { name: 'New phone booking' }).click();
  await expect(page.getByRole('dialog', { name: 'New phone booking' })).toBeVisible();
  await expectNoViolations(page);
  await page.keyboard.press('Escape');

  await page.goto('/availability');
  await expect(page.locator('.fc-timegrid-slot').first()).toBeVisible();
  await page.getByRole('button', { name: 'Opening hours and booking rules' }).click();
  await expect(page.getByRole('button', { name: 'Save hours and rules' })).toBeVisible();
  await expectNoViolations(page);
});

test('axe finds no violations on the lodger’s /availability @phone', async ({ page }) => {
  await signInAsLodger(page);
  await page.goto('/availability');
  await expect(page.locator('.fc-timegrid-slot').first()).toBeVisible();
  await expectNoViolations(page);
});
