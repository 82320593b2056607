import { UPDATE_DIALOG_TEXT } from '@app/shared';
import type { Page } from '@playwright/test';
import { dialogsAtRest } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { expectShell, waitForWorkerControl } from './shell.ts';

// Nothing here depends on the payment policy: it runs beside a test that changes it (fixtures.ts).
// The service worker is what these specs test: it is blocked everywhere else (playwright.config.ts).
test.use({ paymentPolicy: 'ignores', serviceWorkers: 'allow' });

/**
 * Publishes a "new release" of the worker the way the browser sees one: a different worker script for scope /.
 * (Playwright cannot intercept the browser's own worker update fetch, so the script URL changes instead of its
 * bytes.) The app's registration then sees a worker install while the old one controls the page.
 */
async function releaseNewWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.register(`/sw.js?release=${Date.now()}`, { scope: '/' });
  });
}

async function openWithWorker(page: Page) {
  await page.goto('/book');
  await expectShell(page);
  await waitForWorkerControl(page);
}

test.describe('update dialog', () => {
  test('a newly installed worker opens the persistent dialog with the exact texts and the version badge', async ({
    page,
    request,
  }) => {
    await openWithWorker(page);
    await releaseNewWorker(page);
    const dialog = page.getByRole('dialog', { name: UPDATE_DIALOG_TEXT.title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(UPDATE_DIALOG_TEXT.body, { exact: true })).toBeVisible();
    await expect(dialog.getByRole('listitem')).toHaveText([...UPDATE_DIALOG_TEXT.bullets]);
    await expect(dialog.getByRole('button')).toHaveText([UPDATE_DIALOG_TEXT.button]);
    const { version } = (await (await request.get('/version.json')).json()) as { version: string };
    await expect(dialog.getByTestId('update-version')).toHaveText(version);
    const box = await dialog.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(350);
  });

  test('Escape and clicks outside do not close it', async ({ page }) => {
    await openWithWorker(page);
    await releaseNewWorker(page);
    const dialog = page.getByRole('dialog', { name: UPDATE_DIALOG_TEXT.title });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    const viewport = page.viewportSize() ?? { width: 1280, height: 800 };
    await page.mouse.click(viewport.width - 5, viewport.height - 5);
    // Had any of these closed it, it would be fading out now: wait until no dialog is moving, then it must be there.
    await dialogsAtRest(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close' })).toHaveCount(0);
  });

  test('Update Now shows the updating overlay, activates the new worker and reloads the page', async ({ page }) => {
    await openWithWorker(page);
    await releaseNewWorker(page);
    const dialog = page.getByRole('dialog', { name: UPDATE_DIALOG_TEXT.title });
    await expect(dialog).toBeVisible();
    await page.evaluate(() => {
      (window as Window & { beforeUpdate?: boolean }).beforeUpdate = true;
    });
    const reloaded = page.waitForEvent('load');
    const clickedAt = Date.now();
    await dialog.getByRole('button', { name: UPDATE_DIALOG_TEXT.button }).click();
    await expect(page.getByText(UPDATE_DIALOG_TEXT.updating, { exact: true })).toBeVisible();
    await reloaded;
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(900);
    await expectShell(page);
    expect(await page.evaluate(() => (window as Window & { beforeUpdate?: boolean }).beforeUpdate)).toBeUndefined();
    // The worker that was waiting now runs the site. (The reloaded app registers /sw.js again, which this test's
    // changed script URL makes another update, so the dialog itself may well come back.)
    const active = await page.evaluate(
      async () => (await navigator.serviceWorker.getRegistration('/'))?.active?.scriptURL ?? '',
    );
    expect(active).toMatch(/\/sw\.js\?release=\d+$/);
  });

  test('the swUpdated event raised by the registration opens the dialog over any page @phone', async ({ page }) => {
    // The page's timers run on Playwright's clock, so the wait for a version answer can be run through at once.
    await page.clock.install();
    await page.goto('/facebook_login');
    await expectShell(page);
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      document.dispatchEvent(new CustomEvent('swUpdated', { detail: registration }));
    });
    const dialog = page.getByRole('dialog', { name: UPDATE_DIALOG_TEXT.title });
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(350);
    // No worker is waiting, so no version answer comes and no badge is shown, even after the 3 s it may take.
    await page.clock.runFor(3500);
    await expect(dialog.getByTestId('update-version')).toHaveCount(0);
  });
});
