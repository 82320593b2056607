import {
  accounts,
  expectSignedInAs,
  expectSignedOut,
  fillSignIn,
  newSignedInContext,
  signInAs,
  signInForm,
} from '../support/auth.ts';
import { expect, test } from '../support/fixtures.ts';

// Nothing here depends on the payment policy: it runs beside a test that changes it (fixtures.ts).
test.use({ paymentPolicy: 'ignores' });

test('a user the admin disables is signed out in their open tab and cannot sign in again', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAs(page, accounts.toDisable);
  await expectSignedInAs(page, accounts.toDisable.email);
  const session = await (await page.request.get('/api/auth/get-session')).json();
  const userId: string = session.user.id;

  const admin = await newSignedInContext(browser, baseURL ?? '', accounts.admin);
  const banned = await admin.page.request.post('/api/auth/admin/ban-user', {
    data: { userId },
    headers: { origin: baseURL ?? '' },
  });
  expect(banned.status(), await banned.text()).toBe(200);
  await admin.context.close();

  // The open tab learns it within the session poll (10 s), without a reload.
  await expect(page).toHaveURL('/', { timeout: 30_000 });
  await expectSignedOut(page);

  await page.goto('/facebook_login');
  await fillSignIn(page, accounts.toDisable.email, accounts.toDisable.password);
  await expect(signInForm(page).getByRole('alert')).toContainText('This account has been disabled.');
});
