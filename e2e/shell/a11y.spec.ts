import AxeBuilder from '@axe-core/playwright';
import { dialogsAtRest, pageAtRest } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { expectShell } from './shell.ts';

// Nothing here depends on the payment policy: it runs beside a test that changes it (fixtures.ts).
test.use({ paymentPolicy: 'ignores' });

const publicPages = [
  { path: '/', ready: 'Massage that fits your day' },
  { path: '/book', ready: 'Book a massage' },
  { path: '/book?style=therapeutic&type=swedish', ready: 'Book a massage' },
  { path: '/book?style=sensual&type=naturist', ready: 'Book a massage' },
  { path: '/facebook_login', ready: 'Sign in' },
  { path: '/?termsandconditions=true', ready: 'Terms and conditions' },
  { path: '/?cookiesandprivacypolicy=true', ready: 'Cookies and privacy policy' },
];

test.describe('accessibility of the public pages @phone', () => {
  for (const { path, ready } of publicPages) {
    test(`axe finds no violations on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expectShell(page);
      await expect(page.getByRole('heading', { name: ready }).first()).toBeVisible();
      await expect(page.getByLabel('Loading services')).toHaveCount(0);
      await pageAtRest(page);
      const results = await new AxeBuilder({ page }).analyze();
      expect(
        results.violations.map(({ id, help, nodes }) => ({ id, help, targets: nodes.map((n) => n.target) })),
      ).toEqual([]);
    });
  }

  test('axe finds no violations with the mobile menu open', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await dialogsAtRest(page);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map(({ id, help }) => ({ id, help }))).toEqual([]);
  });
});
