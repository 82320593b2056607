import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { signInAsAdmin } from '../support/auth.ts';
import { pageAtRest } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';

// Nothing here depends on the payment policy: it runs beside a test that changes it (fixtures.ts).
test.use({ paymentPolicy: 'ignores' });

type PublicService = { id: string; type: string; durations: { minutes: number; pricePence: number }[] };

test('the owner changes a price on /availability and the public site shows it', async ({ page }) => {
  await signInAsAdmin(page);
  const admin = (await (await page.request.get('/api/admin/services')).json()) as { services: PublicService[] };
  const original = admin.services.find((s) => s.type === 'both');
  if (!original) throw new Error('no combination service');
  try {
    await changePriceAndSeeIt(page);
  } finally {
    // The other tests (and this one's retry) find the price as it was, whatever happened above.
    const restored = await page.request.patch(`/api/admin/services/${original.id}`, {
      data: { durations: original.durations },
    });
    expect(restored.ok()).toBe(true);
  }
});

async function changePriceAndSeeIt(page: Page) {
  await page.goto('/availability');
  await page.getByRole('button', { name: 'Services and prices' }).click();
  const combination = page.getByRole('region', { name: 'Swedish and deep tissue combination' });
  const price = combination.getByLabel('Price (£)').nth(1); // the 120-minute row
  await pageAtRest(page);
  const axe = await new AxeBuilder({ page }).include('#main').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await price.fill('133.50');
  await combination.getByRole('button', { name: 'Save Swedish and deep tissue combination' }).click();
  await expect(page.getByText('Swedish and deep tissue combination saved.')).toBeVisible();

  const listed = (await (await page.request.get('/api/services')).json()) as { services: PublicService[] };
  expect(listed.services.find((s) => s.type === 'both')?.durations).toContainEqual({ minutes: 120, pricePence: 13350 });
}
