import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { accounts, fillSignIn, newSignedInContext, signInAs } from '../support/auth.ts';
import { expect, test } from '../support/fixtures.ts';
import { totpCodeForSecret } from '../support/second-factor.ts';

async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

test('an admin without a second factor enrols an authenticator app before reaching the dashboard @phone', async ({
  page,
}, testInfo) => {
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
  expect(await axeViolations(page)).toEqual([]);

  await page.getByLabel('Your password').fill(admin.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  const form = page.getByRole('form', { name: 'Add your authenticator app' });
  await expect(form.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  const secret = (await form.getByLabel('Setup key').textContent()) ?? '';
  expect(secret.replace(/\s/g, '')).toMatch(/^[A-Z2-7]{16,}$/);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('enrol-scan.png'), fullPage: true });

  // What the phone would show, computed from the key the page gave.
  await form.getByRole('textbox', { name: 'The 6-digit code your app now shows' }).fill(totpCodeForSecret(secret));
  await form.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText('Your authenticator app is set up')).toBeVisible();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.first().textContent()) ?? '';
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download recovery codes' }).click();
  expect((await download).suggestedFilename()).toBe('recovery-codes.txt');
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  // The next sign-in asks for the code; a recovery code works once instead.
  // A fresh browser: no session and no trusted-device cookie.
  await page.context().clearCookies();
  await page.goto('/facebook_login');
  await fillSignIn(page, admin.email, admin.password);
  const step = page.getByRole('form', { name: 'Second factor' });
  await expect(step.getByRole('textbox', { name: 'Code from your authenticator app' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await step.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await step.getByRole('textbox', { name: 'Recovery code' }).fill(recovery);
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/dashboard');
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

test('a client sees their signed-in devices and signs another one out @phone', async ({ page, browser, baseURL }) => {
  const other = await newSignedInContext(browser, baseURL ?? '', accounts.deviceClient);
  await signInAs(page, accounts.deviceClient);
  await page.goto('/account');
  const devices = page.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem');
  await expect(devices.filter({ hasText: 'This device' })).toHaveCount(1);
  await expect(devices.first()).toContainText('Chrome on Linux');
  await expect(devices.filter({ hasText: 'From address' }).first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Sign out all other devices' }).click();
  await expect(devices).toHaveCount(1);
  await expect(devices.first()).toContainText('This device');
  await other.page.reload();
  await expect(other.page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  await other.context.close();
});
