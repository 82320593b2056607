import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page, TestInfo } from '@playwright/test';
import { pageAtRest } from '../support/axe.ts';
import { expect, freshClientIp } from '../support/fixtures.ts';
import { dataDir } from '../support/paths.ts';

/** `soft`: a tour of many pages goes on past a page with violations, so one run lists them all. */
export async function expectNoViolations(page: Page, { soft = false } = {}) {
  await page.mouse.move(0, 0);
  await pageAtRest(page);
  const results = await new AxeBuilder({ page }).analyze();
  (soft ? expect.soft : expect)(
    results.violations.map(({ id, help, nodes }) => ({ id, help, targets: nodes.map((n) => n.target) })),
  ).toEqual([]);
}

/**
 * The website settings are one per business, and the phone and desktop runs of a test may overlap: a test that
 * changes them holds this lock (a folder in the run's data, made fresh for each run) from its first change to its
 * last check.
 */
export async function withWebsiteSettings<T>(work: () => Promise<T>): Promise<T> {
  const lock = join(dataDir, 'website-settings.lock');
  await expect
    .poll(
      () => {
        try {
          mkdirSync(lock);
          return true;
        } catch {
          return false;
        }
      },
      { timeout: 150_000, intervals: [250] },
    )
    .toBe(true);
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** A signed-out visitor on the same kind of screen as the test's project (an owner is sent to /dashboard from /). */
export async function visitorPage(browser: Browser, testInfo: TestInfo, colorScheme: 'light' | 'dark' = 'light') {
  const { viewport, isMobile, hasTouch, userAgent, baseURL } = testInfo.project.use;
  const context = await browser.newContext({
    baseURL,
    viewport,
    isMobile,
    hasTouch,
    userAgent,
    colorScheme,
    extraHTTPHeaders: { 'x-forwarded-for': freshClientIp() },
  });
  return { context, page: await context.newPage() };
}

/** Every <img> on the page has arrived and is drawn (lazy ones scrolled to first). */
export async function expectImagesLoaded(page: Page) {
  const images = page.locator('img');
  const count = await images.count();
  for (let i = 0; i < count; i++) {
    await images.nth(i).scrollIntoViewIfNeeded();
    await expect
      .poll(() => images.nth(i).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}
