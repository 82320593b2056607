import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { showSecuritySettings } from '../account/account.ts';
import { accounts, fillSignIn, signInAs } from '../support/auth.ts';
import { pageAtRest } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { withFreshTotpCode } from '../support/second-factor.ts';

// Nothing here depends on the payment policy: it runs beside a test that changes it (fixtures.ts).
test.use({ paymentPolicy: 'ignores' });

async function axeViolations(page: Page) {
  await pageAtRest(page);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

/** Signs out from the account page, as a person would, and waits for the header to offer signing in again. */
async function signOut(page: Page) {
  await page.goto('/account');
  await page.getByRole('main').getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
}

test('an admin without a second factor enrols an authenticator app before reaching the dashboard @phone', async ({
  page,
}, testInfo) => {
  // Enrolment and three more sign-ins, each page checked by axe: a long walk on a shared, slow machine.
  test.slow();
  const admin = testInfo.project.name === 'phone' ? accounts.enrolAdminPhone : accounts.enrolAdmin;
  await page.goto('/facebook_login');
  await fillSignIn(page, admin.email, admin.password);
  // Home would be the dashboard; the enrolment comes first, and the back office stays closed until then.
  await expect(page).toHaveURL('/second-factor');
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your second factor' })).toBeVisible();
  await page.goto('/customers');
  await expect(page).toHaveURL('/second-factor');
  const refused = await page.request.get('/api/admin/dashboard');
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.code).toBe('SECOND_FACTOR_REQUIRED');
  // The redirect loaded the app afresh: axe reads the page once it shows its first step again, not while the app or
  // the page is still loading (no heading yet, or a spinner).
  await expect(page.getByRole('form', { name: 'Confirm your password' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  const confirm = page.getByRole('form', { name: 'Confirm your password' });
  await confirm.getByRole('textbox', { name: 'Your password', exact: true }).fill(admin.password);
  await confirm.getByRole('button', { name: 'Continue' }).click();
  const form = page.getByRole('form', { name: 'Add your authenticator app' });
  await expect(form.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  const secret = (await form.getByLabel('Setup key').textContent()) ?? '';
  expect(secret.replace(/\s/g, '')).toMatch(/^[A-Z2-7]{16,}$/);
  expect(await axeViolations(page)).toEqual([]);

  // What the phone would show, computed from the key the page gave.
  await withFreshTotpCode(admin, secret, async (code) => {
    await form.getByRole('textbox', { name: 'The 6-digit code your app now shows' }).fill(code);
    await form.getByRole('button', { name: 'Turn on' }).click();
    await expect(page.getByText('Your authenticator app is set up')).toBeVisible();
  });
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = ((await codes.first().textContent()) ?? '').trim();
  expect(recovery.length).toBeGreaterThanOrEqual(8);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download recovery codes' }).click();
  expect((await download).suggestedFilename()).toBe('recovery-codes.txt');
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  expect((await page.request.get('/api/admin/dashboard')).status()).toBe(200);

  // Back in: the password alone is not enough, the app's code is asked for.
  await signOut(page);
  await page.goto('/facebook_login');
  await fillSignIn(page, admin.email, admin.password);
  const step = page.getByRole('form', { name: 'Second factor' });
  await expect(step.getByRole('textbox', { name: 'Code from your authenticator app' })).toBeVisible();
  expect((await page.request.get('/api/admin/dashboard')).status()).toBe(401);
  expect(await axeViolations(page)).toEqual([]);
  // A later code than the one that turned the app on: the server takes each of the app's codes once.
  await withFreshTotpCode(admin, secret, async (code) => {
    await step.getByRole('textbox', { name: 'Code from your authenticator app' }).fill(code);
    await step.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  // A recovery code signs in once instead of the app's code.
  await signOut(page);
  await page.goto('/facebook_login');
  await fillSignIn(page, admin.email, admin.password);
  await step.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await step.getByRole('textbox', { name: 'Recovery code' }).fill(recovery);
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  // The same recovery code a second time is refused, and no session is made.
  await signOut(page);
  await page.goto('/facebook_login');
  await fillSignIn(page, admin.email, admin.password);
  await step.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await step.getByRole('textbox', { name: 'Recovery code' }).fill(recovery);
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(step.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL('/facebook_login');
  expect(await (await page.request.get('/api/auth/get-session')).json()).toBeNull();
});

test('a wrong code is refused with a clear message and no session', async ({ page }) => {
  await page.goto('/facebook_login');
  await fillSignIn(page, accounts.admin.email, accounts.admin.password);
  const step = page.getByRole('form', { name: 'Second factor' });
  await step.getByRole('textbox', { name: 'Code from your authenticator app' }).fill('000000');
  await step.getByRole('button', { name: 'Verify' }).click();
  // 000000 is right once in a million; then the page moves on and this check fails loudly, not silently.
  await expect(step.getByRole('alert')).toContainText('That code is not right.');
  expect(await (await page.request.get('/api/auth/get-session')).json()).toBeNull();
});

test('a client signs one of their other devices out from the account page, and that browser loses its session', async ({
  page,
  browser,
  baseURL,
}) => {
  // The other device: its own browser, a Firefox on Windows from a Belfast address, so the list tells them apart
  // by the place the server looks up (the address itself is never shown).
  const otherIp = '2.125.160.216';
  const otherContext = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': otherIp },
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
  });
  const other = await otherContext.newPage();
  await signInAs(other, accounts.deviceClient);

  await signInAs(page, accounts.deviceClient);
  await page.goto('/account');
  await showSecuritySettings(page);
  const devices = page.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem');
  await expect(devices.filter({ hasText: 'This device' })).toHaveCount(1);
  await expect(devices.filter({ hasText: 'This device' })).toContainText('Chrome on Linux');
  await expect(devices.filter({ hasText: 'This device' })).toContainText('Local network');
  await expect(page.getByRole('list', { name: 'Signed-in devices' })).not.toContainText(otherIp);
  const otherRow = devices.filter({ hasText: 'Belfast, United Kingdom' });
  await expect(otherRow).toHaveCount(1);
  await expect(otherRow).toContainText('Firefox on Windows');
  expect(await axeViolations(page)).toEqual([]);

  await otherRow.getByRole('button', { name: /^Sign out Firefox on Windows/ }).click();
  await expect(devices.filter({ hasText: 'Belfast, United Kingdom' })).toHaveCount(0);
  await expect(devices.filter({ hasText: 'This device' })).toHaveCount(1);

  // The other browser finds itself signed out; this one is still signed in.
  await other.goto('/account');
  await expect(other.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  expect(await (await other.request.get('/api/auth/get-session')).json()).toBeNull();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
  await otherContext.close();
});
