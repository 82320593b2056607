import { accounts, expectSignedInAs, fillSignIn, signInForm } from '../support/auth.ts';
import { expect, test } from '../support/fixtures.ts';
import { linksIn, mailCount, waitForMail } from '../support/mail.ts';

// Nothing here depends on the payment policy: it runs beside a test that changes it (fixtures.ts).
test.use({ paymentPolicy: 'ignores' });

test('a client resets a forgotten password from the emailed link and signs in with the new one', async ({ page }) => {
  const { email, password: oldPassword } = accounts.toReset;
  const newPassword = 'Brand-new-2';
  await page.goto('/facebook_login');
  await signInForm(page).getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await signInForm(page).getByRole('button', { name: 'Forgot password?' }).click();
  await expect(signInForm(page).getByRole('status')).toContainText(
    `If an account exists for ${email}, we have sent it a link to choose a new password.`,
  );

  const mail = await waitForMail(email, 'Reset your');
  const link = linksIn(mail).find((url) => url.includes('/api/auth/reset-password/'));
  expect(link, mail.text).toBeDefined();
  await page.goto(link as string);

  const dialog = page.getByRole('dialog', { name: 'Choose a new password' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'New password', exact: true }).fill('abc');
  await expect(dialog.getByRole('list', { name: 'Password rules' })).toContainText('At least 6 characters (not met)');
  await dialog.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
  await expect(dialog.getByRole('list', { name: 'Password rules' })).toContainText('At least 6 characters (met)');
  await dialog.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('Your password is changed. Sign in with your new password.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL('/');

  await page.goto('/facebook_login');
  await fillSignIn(page, email, oldPassword);
  await expect(signInForm(page).getByRole('alert')).toContainText('Incorrect email or password.');
  await fillSignIn(page, email, newPassword);
  await expect(page).not.toHaveURL(/facebook_login/);
  await expectSignedInAs(page, email);

  // The link works once.
  await page.goto(link as string);
  await expect(
    page.getByText('This link has expired or has already been used. Please ask for a new one.'),
  ).toBeVisible();
});

test('asking to reset the password of an unknown email looks the same and sends nothing', async ({ page }) => {
  const unknown = 'nobody.here@example.test';
  await page.goto('/facebook_login');
  const form = signInForm(page);
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(unknown);
  await form.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(form.getByRole('status')).toContainText(
    `If an account exists for ${unknown}, we have sent it a link to choose a new password.`,
  );

  // A request for a real account right after: once its email has arrived, the first would have too.
  const known = accounts.client.email;
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(known);
  await form.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(form.getByRole('status')).toContainText(`If an account exists for ${known}`);
  await waitForMail(known, 'Reset your');
  expect(mailCount(unknown, 'Reset')).toBe(0);
});
