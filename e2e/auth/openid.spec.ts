import { OIDC_PROVIDER_NAME, oidcUser } from '../support/accounts.ts';
import { expectSignedInAs } from '../support/auth.ts';
import { expect, test } from '../support/fixtures.ts';

// Nothing here depends on the payment policy: it runs beside a test that changes it (fixtures.ts).
test.use({ paymentPolicy: 'ignores' });

test('signing in with the local OpenID provider lands signed in as that person @phone', async ({ page }) => {
  await page.goto('/facebook_login');
  await page.getByRole('button', { name: `Continue with ${OIDC_PROVIDER_NAME}` }).click();
  await expect(page).toHaveURL('/');
  await expectSignedInAs(page, oidcUser.email);
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(oidcUser.name);
  await expect(page.getByRole('main').getByText('Verified', { exact: true })).toBeVisible();
});
