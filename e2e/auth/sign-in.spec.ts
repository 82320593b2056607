import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  accounts,
  expectSignedInAs,
  expectSignedOut,
  fillSignIn,
  signInAs,
  signInForm,
  signInThroughForm,
} from '../support/auth.ts';
import { pageAtRest } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';

// Nothing here depends on the payment policy: it runs beside a test that changes it (fixtures.ts).
test.use({ paymentPolicy: 'ignores' });

test('a client signs in, sees their account, and signs out @phone', async ({ page }) => {
  // Through the form: signing out ends this session, not the one the other tests share.
  await signInThroughForm(page, accounts.client);
  await expect(page).toHaveURL('/');
  await expectSignedInAs(page, accounts.client.email);
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(accounts.client.name);

  await page.getByRole('main').getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL('/');
  await expectSignedOut(page);
  await page.goto('/account');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Your account' })).toHaveCount(0);
});

test('a wrong password is answered with "Incorrect email or password." @phone', async ({ page }) => {
  await page.goto('/facebook_login');
  await fillSignIn(page, accounts.client.email, 'not-the-password');
  await expect(signInForm(page).getByRole('alert')).toContainText('Incorrect email or password.');
  await expect(page).toHaveURL('/facebook_login');
  await expectSignedOut(page);
});

test('after too many attempts sign-in is refused with a clear message', async ({ page }) => {
  await page.goto('/facebook_login');
  const { email } = accounts.rateLimited;
  // AUTH_RATE_LIMIT_MAX is 5 in the e2e server: five attempts are answered, the sixth is turned away.
  for (let attempt = 1; attempt <= 5; attempt++) {
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/auth/sign-in/email'));
    await fillSignIn(page, email, `wrong-${attempt}`);
    expect((await answered).status()).toBe(401);
    await expect(signInForm(page).getByRole('alert')).toContainText('Incorrect email or password.');
  }
  await fillSignIn(page, email, accounts.rateLimited.password);
  await expect(signInForm(page).getByRole('alert')).toContainText(
    'Too many attempts. Please wait a minute, then try again.',
  );
  await expect(page).toHaveURL('/facebook_login');
});

test('an admin made with the CLI signs in with the code step and the app knows the role', async ({ page }) => {
  await signInThroughForm(page, accounts.admin);
  await expect(page).toHaveURL('/dashboard');
});

test('a lodger made with the CLI lands on the availability calendar', async ({ page }) => {
  await signInThroughForm(page, accounts.lodger);
  await expect(page).toHaveURL('/availability');
});

test('a tampered session cookie is refused and the visitor is treated as signed out', async ({ page, context }) => {
  await signInAs(page, accounts.client);
  await expectSignedInAs(page, accounts.client.email);

  const cookies = await context.cookies();
  const session = cookies.find((cookie) => cookie.name.endsWith('better-auth.session_token'));
  expect(session, cookies.map((cookie) => cookie.name).join(', ')).toBeDefined();
  if (!session) return;
  const [token = '', signature = ''] = decodeURIComponent(session.value).split('.');
  const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
  await context.addCookies([{ ...session, value: encodeURIComponent(`${flipped}.${signature}`) }]);

  await page.goto('/account');
  await expect(page).toHaveURL('/');
  await expectSignedOut(page);
  const answer = await page.request.get('/api/auth/get-session');
  expect(await answer.json()).toBeNull();
});

async function axeViolations(page: Page) {
  await pageAtRest(page);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

test('the sign-in page has no accessibility violations, on either tab', async ({ page }) => {
  await page.goto('/facebook_login');
  await expect(signInForm(page)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('tab', { name: 'Create account' }).click();
  await page
    .getByRole('form', { name: 'Create account' })
    .getByRole('textbox', { name: 'Password', exact: true })
    .fill('abc');
  await expect(page.getByRole('list', { name: 'Password rules' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
