import type { Page, Route } from '@playwright/test';
import { signInAsAdmin } from '../support/auth.ts';
import { expect, test } from '../support/fixtures.ts';

// Nothing here depends on the payment policy: it runs beside a test that changes it (fixtures.ts).
test.use({ paymentPolicy: 'ignores' });

/**
 * Answers to the matched API calls wait until `release()`: a slow phone network, held still long enough to see what
 * the page shows meanwhile.
 */
async function holdApi(page: Page, pattern: string) {
  let open!: () => void;
  let gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const handler = async (route: Route) => {
    await gate;
    await route.continue().catch(() => {});
  };
  await page.route(pattern, handler);
  return {
    release: () => open(),
    hold: () => {
      gate = new Promise<void>((resolve) => {
        open = resolve;
      });
    },
  };
}

/**
 * A skeleton is on screen: a list's grey rows (a status named "Loading …"), a page's outline (aria-busy), or the
 * grey blocks of index.html's first paint, shown until the app starts.
 */
async function expectSkeleton(page: Page, what: string) {
  const skeleton = page.locator(
    '[role="status"][aria-label^="Loading"]:visible, [aria-busy="true"]:visible, [data-first-paint-skeleton]:visible',
  );
  await expect(skeleton.first(), `${what} shows a skeleton while it loads`).toBeVisible();
}

const backOffice = [
  '/dashboard',
  '/manage_bookings',
  '/customers',
  '/emails',
  '/expenses',
  '/invoices',
  '/ledger',
  '/finances',
  '/analytics',
  '/business',
  '/website',
];

test('every back-office page shows its skeleton while its data loads, never a blank page @phone', async ({ page }) => {
  test.slow();
  await signInAsAdmin(page);
  const api = await holdApi(page, '**/api/admin/**');
  for (const path of backOffice) {
    api.hold();
    await page.goto(path);
    await expectSkeleton(page, path);
    api.release();
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('[role="status"][aria-label^="Loading"], [aria-busy="true"]')).toHaveCount(0);
  }
});

test('home drawn by the server has its treatments at once; the booking page shows its skeleton while they load @phone', async ({
  page,
}) => {
  const services = await holdApi(page, '**/api/services*');
  // Home as the server draws it for a first visit (decision 100) needs no answer from the API to list them.
  services.hold();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Treatments and prices' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.locator('[data-first-paint-skeleton]:visible, [aria-busy="true"]')).toHaveCount(0);
  services.release();
  services.hold();
  await page.goto('/book');
  await expectSkeleton(page, '/book');
  const box = await page.locator('[data-first-paint-skeleton]:visible, [aria-busy="true"]').first().boundingBox();
  expect(box?.height ?? 0, 'the skeleton takes room below the opening words').toBeGreaterThan(100);
  services.release();
  await expect(page.getByText('Swedish').first()).toBeVisible();
  await expect(page.locator('[data-first-paint-skeleton]:visible')).toHaveCount(0);
});

test('the public pages fetch nothing from outside the site, photos and fonts included @phone', async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? '').origin;
  const outside: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !/^(data|blob):/.test(url)) outside.push(url);
  });
  for (const path of ['/', '/book?style=therapeutic&type=swedish', '/?termsandconditions=true']) {
    await page.goto(path);
    await expect(page.getByLabel('Loading services')).toHaveCount(0);
    // Lazy photos below the fold load once scrolled to.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
  }
  expect(outside).toEqual([]);
});
