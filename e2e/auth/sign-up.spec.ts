import { expectSignedInAs, uniqueEmail } from '../support/auth.ts';
import { expect, test } from '../support/fixtures.ts';
import { linksIn, waitForMail } from '../support/mail.ts';

// Nothing here depends on the payment policy: it runs beside a test that changes it (fixtures.ts).
test.use({ paymentPolicy: 'ignores' });

function rule(page: import('@playwright/test').Page, label: string) {
  return page.getByRole('list', { name: 'Password rules' }).getByRole('listitem').filter({ hasText: label });
}

test('a visitor creates an account under the live password rules and confirms the emailed link @phone', async ({
  page,
}) => {
  const email = uniqueEmail('new.client');
  await page.goto('/facebook_login');
  await page.getByRole('tab', { name: 'Create account' }).click();
  const form = page.getByRole('form', { name: 'Create account' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Nina New');
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);

  await expect(rule(page, 'At least 6 characters')).toHaveText(/At least 6 characters \(not met\)$/);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill('abc');
  await expect(rule(page, 'At least 6 characters')).toHaveText(/\(not met\)$/);
  await form.getByRole('textbox', { name: 'Password', exact: true }).pressSequentially('def');
  await expect(rule(page, 'At least 6 characters')).toHaveText(/At least 6 characters \(met\)$/);

  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText(`Your account is ready. We sent a verification email to ${email}.`)).toBeVisible();
  await expect(page).toHaveURL('/');
  await expectSignedInAs(page, email);
  await expect(page.getByRole('main').getByText('Not verified')).toBeVisible();

  const mail = await waitForMail(email, 'Confirm your email');
  const link = linksIn(mail).find((url) => url.includes('/api/auth/verify-email'));
  expect(link, mail.text).toBeDefined();
  await page.goto(link as string);
  await expect(page.getByText('Your email is verified.')).toBeVisible();
  await expect(page).toHaveURL('/');

  await expectSignedInAs(page, email);
  await expect(page.getByRole('main').getByText('Verified', { exact: true })).toBeVisible();
});

test('signing up with an email that already has an account says so', async ({ page }) => {
  await page.goto('/facebook_login');
  await page.getByRole('tab', { name: 'Create account' }).click();
  const form = page.getByRole('form', { name: 'Create account' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Someone Else');
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill('client@example.test');
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill('another-password');
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(form.getByRole('alert')).toContainText('An account with this email already exists.');
  await expect(page).toHaveURL('/facebook_login');
});

test('a password the policy refuses is caught before anything is sent', async ({ page }) => {
  await page.goto('/facebook_login');
  await page.getByRole('tab', { name: 'Create account' }).click();
  const form = page.getByRole('form', { name: 'Create account' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Shorty');
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(uniqueEmail('short'));
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill('abc');
  let signUpCalls = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/auth/sign-up')) signUpCalls += 1;
  });
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(form.getByText('Password needs: at least 6 characters.')).toBeVisible();
  expect(signUpCalls).toBe(0);
});
