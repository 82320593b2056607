import { signInAsAdmin } from '../support/auth.ts';
import { expect, test } from '../support/fixtures.ts';
import { expectShell, waitForWorkerControl } from './shell.ts';

// Nothing here depends on the payment policy: it runs beside a test that changes it (fixtures.ts).
// The service worker is what these specs test: it is blocked everywhere else (playwright.config.ts).
test.use({ paymentPolicy: 'ignores', serviceWorkers: 'allow' });

/** Chunk names of screens only the owner or lodger opens. */
const backOfficeChunk =
  /\/assets\/(dashboard|analytics|finances|ledger|invoices?|expenses?|customers?|availability|emails|manage-bookings)-page-/;

/** The URLs in every Cache Storage cache whose name matches. */
async function cachedUrls(page: import('@playwright/test').Page, cacheName: RegExp) {
  return page.evaluate(async (source) => {
    const pattern = new RegExp(source);
    const urls: string[] = [];
    for (const name of await caches.keys())
      if (pattern.test(name)) for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    return urls;
  }, cacheName.source);
}

test.describe('service worker caches', () => {
  test('a first visit precaches the public shell and none of the back office; the worker scripts come compressed', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    await expectShell(page);
    await waitForWorkerControl(page);
    const precached = await cachedUrls(page, /precache/);
    expect(precached.some((url) => new URL(url).pathname === '/index.html')).toBe(true);
    expect(precached.some((url) => /\/assets\/index-[\w-]+\.js$/.test(url))).toBe(true);
    expect(precached.filter((url) => backOfficeChunk.test(url))).toEqual([]);
    // The install icons are the browser's to fetch when it offers installing, not every first visit's.
    expect(precached.filter((url) => /\/icons\/icon-/.test(url))).toEqual([]);

    for (const path of ['/sw.js', '/route-hint.js']) {
      const response = await request.get(path, { headers: { 'accept-encoding': 'gzip' } });
      expect(response.status(), path).toBe(200);
      expect(response.headers()['content-encoding'], path).toBe('gzip');
      expect(response.headers()['content-type'], path).toContain('javascript');
    }
  });

  test('a back-office screen is kept by the worker once the owner has opened it', async ({ page }) => {
    await page.goto('/');
    await expectShell(page);
    await waitForWorkerControl(page);
    await signInAsAdmin(page);
    await page.goto('/dashboard');
    await expect(page.getByRole('region', { name: 'Next eight days' })).toBeVisible();
    await expect
      .poll(async () => (await cachedUrls(page, /^assets-runtime$/)).filter((url) => backOfficeChunk.test(url)))
      .not.toEqual([]);
  });
});
