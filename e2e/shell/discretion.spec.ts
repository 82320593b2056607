import { SENSUAL_COOKIE_MAX_AGE_S, sensualAccessAliases } from '@app/shared';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { expectPathAndQuery, readableText, sensualWording } from './shell.ts';

// Nothing here depends on the payment policy: it runs beside a test that changes it (fixtures.ts).
test.use({ paymentPolicy: 'ignores' });

async function flagCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === 'showSensual');
}

/** Records every cookie the page writes, exactly as written, before the browser applies its own limits. */
async function recordCookieWrites(page: Page) {
  await page.addInitScript(() => {
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    const writes: string[] = [];
    (window as Window & { cookieWrites?: string[] }).cookieWrites = writes;
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => descriptor?.get?.call(document),
      set: (value: string) => {
        writes.push(value);
        descriptor?.set?.call(document, value);
      },
    });
  });
}

async function expectFlagged(page: Page, context: BrowserContext, openedAt: number) {
  const writes = await page.evaluate(() => (window as Window & { cookieWrites?: string[] }).cookieWrites ?? []);
  const written = writes.find((value) => value.startsWith('showSensual='));
  expect(written, 'the showSensual cookie the app writes').toBe(
    `showSensual=true; path=/; max-age=${SENSUAL_COOKIE_MAX_AGE_S}; SameSite=Lax`,
  );
  const cookie = await flagCookie(context);
  expect(cookie?.value).toBe('true');
  expect(cookie?.path).toBe('/');
  expect(cookie?.sameSite).toBe('Lax');
  // Chromium caps any cookie's lifetime at 400 days, so the stored expiry is the cap, far beyond a session.
  const chromiumCapS = 400 * 24 * 3600;
  expect((cookie?.expires ?? 0) - openedAt / 1000).toBeGreaterThan(chromiumCapS - 3600);
  expect(await page.evaluate(() => localStorage.getItem('showSensual'))).toBe('true');
}

test.describe('discretion flag', () => {
  test('without the flag no sensual style, type, price or wording appears on home, the booking page or in the menu', async ({
    page,
    context,
  }) => {
    for (const path of ['/', '/book', '/book?style=therapeutic&type=swedish', '/book?type=naturist']) {
      await page.goto(path);
      // A chosen treatment opens on its length (one step per screen); otherwise the treatments show.
      await expect(
        page.getByRole('heading', { name: path.includes('swedish') ? 'Length' : 'Therapeutic massage' }),
      ).toBeVisible();
      expect(await readableText(page), `text of ${path}`).not.toMatch(sensualWording);
    }
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    expect(await readableText(page)).not.toMatch(sensualWording);
    expect(await flagCookie(context)).toBeUndefined();
    expect(await page.evaluate(() => localStorage.getItem('showSensual'))).toBeNull();
  });

  test('the HTML the server sends for any page carries no sensual wording', async ({ request }) => {
    for (const path of ['/', '/book', '/terms-and-conditions']) {
      const html = await (await request.get(path)).text();
      expect(html).not.toMatch(sensualWording);
    }
  });

  for (const alias of sensualAccessAliases) {
    test(`opening /${alias} sets showSensual in a ten-year cookie for / and in local storage`, async ({
      page,
      context,
    }) => {
      await recordCookieWrites(page);
      const openedAt = Date.now();
      await page.goto(`/${alias}`);
      await expect(page).toHaveURL(/\/book\?style=sensual&type=/);
      await expectFlagged(page, context, openedAt);
    });
  }

  test('/book?style=sensual sets the flag and then shows the sensual services beside the therapeutic ones', async ({
    page,
    context,
  }) => {
    await recordCookieWrites(page);
    const openedAt = Date.now();
    await page.goto('/book?style=sensual');
    await expect(page.getByRole('heading', { level: 1, name: 'Book a massage' })).toBeVisible();
    await expectFlagged(page, context, openedAt);
    await expect(page.getByRole('heading', { name: 'Sensual massage', level: 2 })).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Therapeutic massage' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sensual massage', level: 2 })).toBeVisible();
  });

  test('a therapeutic alias does not set the flag', async ({ page, context }) => {
    await page.goto('/swedish');
    await expectPathAndQuery(page, '/book?style=therapeutic&type=swedish');
    await expect(page.getByRole('heading', { name: 'Length' })).toBeVisible();
    expect(await flagCookie(context)).toBeUndefined();
    expect(await readableText(page)).not.toMatch(sensualWording);
  });
});
