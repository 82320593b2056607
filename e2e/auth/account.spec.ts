import AxeBuilder from '@axe-core/playwright';
import { showSecuritySettings } from '../account/account.ts';
import {
  accounts,
  expectSignedInAs,
  expectSignedOut,
  fillSignIn,
  newSignedInContext,
  signInAs,
} from '../support/auth.ts';
import { pageAtRest } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';

// Nothing here depends on the payment policy: it runs beside a test that changes it (fixtures.ts).
test.use({ paymentPolicy: 'ignores' });

test('a client renames themself and changes their password, signing out their other devices (axe-clean page)', async ({
  page,
  browser,
  baseURL,
}) => {
  const { email, password } = accounts.changer;
  const newPassword = 'Changed-pass-3';
  const otherDevice = await newSignedInContext(browser, baseURL ?? '', accounts.changer);
  await expectSignedInAs(otherDevice.page, email);

  await signInAs(page, accounts.changer);
  await expectSignedInAs(page, email);
  await pageAtRest(page);
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((violation) => `${violation.id} at ${violation.nodes.map((node) => node.target)}`)).toEqual(
    [],
  );
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: 'Name', exact: true }).fill('Chan Renamed');
  await main.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Your details are saved.')).toBeVisible();

  await showSecuritySettings(page);
  await main.getByRole('textbox', { name: 'Current password', exact: true }).fill('not-my-password');
  await main.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
  await expect(main.getByRole('list', { name: 'Password rules' })).toContainText('At least 6 characters (met)');
  await expect(main.getByRole('checkbox', { name: 'Sign out of all other devices' })).toBeChecked();
  await main.getByRole('button', { name: 'Change password' }).click();
  await expect(main.getByRole('alert')).toContainText('That password is not correct.');

  await main.getByRole('textbox', { name: 'Current password', exact: true }).fill(password);
  await main.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password is changed, and your other devices are signed out.')).toBeVisible();

  // This tab stays signed in, with the new name; the other device is signed out without a reload.
  await page.reload();
  await expect(main.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Chan Renamed');
  await expect(otherDevice.page).toHaveURL('/', { timeout: 30_000 });
  await expectSignedOut(otherDevice.page);

  await otherDevice.page.goto('/facebook_login');
  await fillSignIn(otherDevice.page, email, newPassword);
  await expect(otherDevice.page).not.toHaveURL(/facebook_login/);
  await otherDevice.context.close();
});
