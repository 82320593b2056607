import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { accounts, fillSignIn } from '../support/auth.ts';
import { pageAtRest } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';

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

/** Chromium's built-in virtual authenticator: a platform passkey store that answers with the fingerprint "touched". */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

test('an admin sets up a passkey as their second factor, then signs in with the passkey alone', async ({ page }) => {
  const admin = accounts.passkeyAdmin;
  const authenticator = await virtualAuthenticator(page);
  await page.goto('/facebook_login');
  await fillSignIn(page, admin.email, admin.password);
  await expect(page).toHaveURL('/second-factor');
  expect((await page.request.get('/api/admin/dashboard')).status()).toBe(403);
  // The page drawn before axe reads it (the address changes before the screen does).
  const add = page.getByRole('form', { name: 'Add a passkey' });
  await expect(add).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await add.getByRole('textbox', { name: 'Passkey name' }).fill('Office laptop');
  await add.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  expect((await page.request.get('/api/admin/dashboard')).status()).toBe(200);
  // The private key stayed in the authenticator; the server holds only the public one.
  expect(await authenticator.credentials()).toHaveLength(1);

  // The account page lists it; the only second factor of an admin cannot be removed.
  await page.goto('/account');
  const passkeys = page.getByRole('list', { name: 'Passkeys' }).getByRole('listitem');
  await expect(passkeys).toHaveCount(1);
  await expect(passkeys.first()).toContainText('Office laptop');
  await expect(passkeys.first()).toContainText('Added');
  expect(await axeViolations(page)).toEqual([]);
  await passkeys.first().getByRole('button', { name: 'Remove Office laptop' }).click();
  await passkeys.first().getByRole('button', { name: 'Remove passkey' }).click();
  await expect(passkeys.first().getByRole('alert')).toContainText('An admin account must keep its second factor');
  await passkeys.first().getByRole('button', { name: 'Keep it' }).click();
  await expect(passkeys).toHaveCount(1);

  await page.getByRole('main').getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();

  // No email, no password, no code: the passkey is both factors.
  await page.goto('/facebook_login');
  await page.getByRole('main').getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  expect((await page.request.get('/api/admin/dashboard')).status()).toBe(200);
  const session = await (await page.request.get('/api/auth/get-session')).json();
  expect(session.user.email).toBe(admin.email);
});
