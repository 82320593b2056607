import type { Page } from '@playwright/test';
import { expect } from '../support/fixtures.ts';

/** The app has mounted into #q-app and shows the layout. */
export async function expectShell(page: Page) {
  await expect(page.locator('#q-app').getByRole('banner')).toBeVisible();
}

/** Path and query of the current URL, exactly as the address bar shows them after the host. */
export function pathAndQuery(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

export async function expectPathAndQuery(page: Page, expected: string) {
  await expect.poll(() => pathAndQuery(page)).toBe(expected);
}

/** Every word that would reveal the sensual styles: their names, types and aliases. */
export const sensualWording =
  /sensual|naturist|body[\s-]*to[\s-]*body|tantra|erotic|intimate|euphoria|serenity|harmony|\bgay\b|nude|nudity/i;

/** All text a visitor or a search engine can read: the visible page, the title and the meta tags. */
export async function readableText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const metas = [...document.querySelectorAll('meta')].map((meta) => meta.getAttribute('content') ?? '');
    return [document.title, ...metas, document.body.textContent ?? ''].join('\n');
  });
}

/** Resolves once the service worker controls the page (it claims clients on its first activation). */
export async function waitForWorkerControl(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise<void>((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
    );
  });
}
