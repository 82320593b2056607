import { expect, test } from '../support/fixtures.ts';

// Decision 100: home drawn by the server for a first visit; the start-up runs at load, and the app (React, the
// screens) at the visitor's first interaction, taking the server's page over without drawing it again.
test.use({ paymentPolicy: 'ignores' });

/** The scripts the page has fetched, by path. */
function scriptsOf(page: import('@playwright/test').Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') paths.push(new URL(request.url()).pathname);
  });
  return paths;
}

test('a first visit reads a finished home with the start-up alone; a tap before the app has started still books @phone', async ({
  page,
}) => {
  const scripts = scriptsOf(page);
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().includes('Service worker')) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Massage that fits your day' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Treatments and prices' })).toBeVisible();
  await expect(page.getByText('£70').first()).toBeVisible();
  // The start-up of spec section 4 has run (the version is stored) while the app's own chunk was never fetched.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('app-version'))).toMatch(/\+/);
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((path) => /^\/assets\/app-/.test(path))).toEqual([]);
  await expect(page).toHaveTitle(/^Massage, booked online \| \S/);

  // The visitor's first tap starts the app and, once it has taken the page over, is made again: no reload.
  await page.evaluate(() => Object.assign(window, { samePage: true }));
  await page.getByRole('link', { name: 'Book now' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Book a massage' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/book');
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  expect(scripts.some((path) => /^\/assets\/app-/.test(path))).toBe(true);
  // React found the server's page as it would have drawn it.
  expect(problems).toEqual([]);
});

test('a visitor who scrolls first has started the app, which keeps the server’s page, and signs in from the header', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Massage that fits your day' })).toBeVisible();
  // Every element of the page's content that React takes away while taking the page over.
  await page.evaluate(() => {
    const removed: string[] = [];
    Object.assign(window, { removed });
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.removedNodes) if (node instanceof Element) removed.push(node.outerHTML.slice(0, 120));
    }).observe(document.getElementById('main') ?? document.body, { childList: true, subtree: true });
  });
  const live = page.evaluate(() => new Promise((resolve) => document.addEventListener('home-live', resolve)));
  await page.mouse.wheel(0, 400);
  await live;
  // Home's parts that load on demand (the sections below the treatments) are taken over too, not drawn afresh.
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => (window as unknown as { removed: string[] }).removed)).toEqual([]);
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/facebook_login$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
