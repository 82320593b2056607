import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * Fills a page's From and To date filters, each one only once the address holds the one before: the router's
 * search parameters are not queued, so a second change made before the first is in the address would undo it.
 */
export async function fillDateRange(page: Page, from: string, to: string) {
  await page.getByLabel('From', { exact: true }).fill(from);
  await expect(page).toHaveURL(new RegExp(`[?&]from=${from}(&|$)`));
  await page.getByLabel('To', { exact: true }).fill(to);
  await expect(page).toHaveURL(new RegExp(`[?&]to=${to}(&|$)`));
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(from);
}
