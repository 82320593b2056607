import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * Waits until every open dialog has finished fading in: axe measures colours as drawn, and a button
 * caught mid-transition reads as too faint. Call it before each axe check.
 */
export async function dialogsAtRest(page: Page) {
  for (const dialog of await page.getByRole('dialog').all()) await expect(dialog).toHaveCSS('opacity', '1');
}
