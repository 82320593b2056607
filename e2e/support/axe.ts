import AxeBuilder from '@axe-core/playwright';
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

/**
 * Waits until the page has stopped moving: web fonts loaded, no dialog fading, and no finite CSS animation or
 * transition still running (endless ones, a loader's spin, never end and are left alone). Call it before axe
 * instead of sleeping.
 */
export async function pageAtRest(page: Page) {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await dialogsAtRest(page);
  await expect
    .poll(() =>
      page.evaluate(() =>
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
          .every((animation) => animation.playState !== 'running'),
      ),
    )
    .toBe(true);
}

/** axe over the whole page once it is at rest (pointer moved away, so no hover colour is measured); `what` names it. */
export async function expectNoAxeViolations(page: Page, what: string) {
  await page.mouse.move(0, 0);
  await pageAtRest(page);
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map(({ id, help, nodes }) => ({ id, help, targets: nodes.map((n) => n.target) })),
    what,
  ).toEqual([]);
}
