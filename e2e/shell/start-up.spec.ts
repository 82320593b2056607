import { APP_VERSION_KEY } from '@app/shared';
import type { Request } from '@playwright/test';
import { fillSignIn, signInForm } from '../support/auth.ts';
import { expect, test } from '../support/fixtures.ts';
import { expectShell, waitForWorkerControl } from './shell.ts';

// Nothing here depends on the payment policy: it runs beside a test that changes it (fixtures.ts).
// The service worker is what these specs test: it is blocked everywhere else (playwright.config.ts).
test.use({ paymentPolicy: 'ignores', serviceWorkers: 'allow' });

test.describe('start-up', () => {
  test('fetches /version.json with a timestamp and no caching, then stores the version under app-version', async ({
    page,
    request,
  }) => {
    const versionRequests: Request[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/version.json') versionRequests.push(req);
    });
    const before = Date.now();
    await page.goto('/');
    await expectShell(page);
    // Home drawn by the server is on screen before the start-up has run (decision 100).
    await expect.poll(() => versionRequests.length).toBe(1);
    const versionRequest = versionRequests[0];
    const stamp = Number(new URL(versionRequest?.url() ?? '').searchParams.get('t'));
    expect(stamp).toBeGreaterThanOrEqual(before - 1000);
    expect(stamp).toBeLessThanOrEqual(Date.now());
    expect(await versionRequest?.headerValue('cache-control')).toBe('no-cache');
    const { version } = (await (await request.get('/version.json')).json()) as { version: string };
    expect(version).toMatch(/^\d+\.\d+\.\d+\+\S+$/);
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), APP_VERSION_KEY)).toBe(version);
  });

  test('a stored version that differs clears local storage and every Cache Storage cache', async ({ page }) => {
    await page.goto('/');
    await expectShell(page);
    // Home drawn by the server is on screen before the start-up has run (decision 100): let it store its version.
    const stored = () => page.evaluate((key) => localStorage.getItem(key), APP_VERSION_KEY);
    await expect.poll(stored).not.toBeNull();
    await page.evaluate(async (key) => {
      localStorage.setItem(key, '0.0.1+an-old-release');
      localStorage.setItem('left-by-old-release', 'yes');
      const cache = await caches.open('old-release-cache');
      await cache.put('/old-release-asset', new Response('old'));
    }, APP_VERSION_KEY);
    await page.reload();
    await expectShell(page);
    await expect.poll(stored).not.toBe('0.0.1+an-old-release');
    const after = await page.evaluate(
      async (key) => ({
        leftover: localStorage.getItem('left-by-old-release'),
        version: localStorage.getItem(key),
        caches: await caches.keys(),
      }),
      APP_VERSION_KEY,
    );
    expect(after.leftover).toBeNull();
    expect(after.version).not.toBe('0.0.1+an-old-release');
    expect(after.version).toMatch(/^\d+\.\d+\.\d+\+/);
    expect(after.caches).not.toContain('old-release-cache');
  });

  test('the same stored version keeps local storage and caches as they are', async ({ page }) => {
    await page.goto('/');
    await expectShell(page);
    await page.evaluate(async () => {
      localStorage.setItem('kept-across-loads', 'yes');
      await (await caches.open('kept-cache')).put('/kept', new Response('kept'));
    });
    await page.reload();
    await expectShell(page);
    expect(await page.evaluate(() => localStorage.getItem('kept-across-loads'))).toBe('yes');
    expect(await page.evaluate(() => caches.keys())).toContain('kept-cache');
  });

  test('a failing version check is only logged and the app still opens', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.route('**/version.json*', (route) => route.fulfill({ status: 500, body: 'down' }));
    await page.goto('/');
    await expectShell(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Massage that fits your day' })).toBeVisible();
    // Home drawn by the server is on screen before the start-up has run (decision 100).
    await expect.poll(() => errors.some((text) => text.startsWith('Version check failed'))).toBe(true);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('registers the service worker /sw.js at scope /', async ({ page, baseURL }) => {
    await page.goto('/');
    await expectShell(page);
    const registration = await page.evaluate(async () => {
      const ready = await navigator.serviceWorker.ready;
      return { scope: ready.scope, script: ready.active?.scriptURL ?? '' };
    });
    expect(registration.scope).toBe(`${baseURL}/`);
    expect(new URL(registration.script).pathname).toBe('/sw.js');
  });

  test('once the worker is installed the site opens offline and says that it is offline', async ({ page, context }) => {
    await page.goto('/');
    await expectShell(page);
    await waitForWorkerControl(page);
    await context.setOffline(true);
    await page.reload();
    await expectShell(page);
    await expect(page.getByText('You are offline')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Massage that fits your day' })).toBeVisible();
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(page.getByText('You are offline')).toBeHidden();
  });

  test('the page title follows the screen', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/^Massage, booked online \| \S/);
    await page.getByRole('link', { name: 'Book now' }).click();
    await expect(page).toHaveTitle(/^Book a massage \| \S/);
  });
});

test('the public pages keep to their content-security policy, forms included', async ({ page }) => {
  // Chrome reports a refused eval or inline script as a violation even when the page catches it (Lighthouse counts it).
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`),
    );
  });
  const violations = () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
  await page.goto('/');
  await expectShell(page);
  expect(await violations()).toEqual([]);
  await page.goto('/book?style=therapeutic&type=swedish');
  await expect(page.getByRole('radio').first()).toBeVisible();
  expect(await violations()).toEqual([]);
  // A form checked in the browser by the shared schemas: the sign-in form refuses an address that is not one.
  await page.goto('/facebook_login');
  await fillSignIn(page, 'not-an-address', 'whatever-it-is');
  await expect(signInForm(page).getByText(/email/i).first()).toBeVisible();
  expect(await violations()).toEqual([]);
});
