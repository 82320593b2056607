import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * Waits until no dialog is fading in or out: axe measures colours as drawn, and a button caught
 * mid-transition reads as too faint. Call it before each axe check.
 */
export async function dialogsAtRest(page: Page) {
  await expect
    .poll(() =>
      page
        .getByRole('dialog')
        .evaluateAll((dialogs) => dialogs.every((dialog) => getComputedStyle(dialog).opacity === '1')),
    )
    .toBe(true);
}
