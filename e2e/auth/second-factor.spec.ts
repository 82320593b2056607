import { accounts, fillSignIn } from '../support/auth.ts';
import { expect, test } from '../support/fixtures.ts';

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
