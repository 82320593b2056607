import type { Browser, BrowserContext, Page } from '@playwright/test';
import { type Account, accounts } from './accounts.ts';
import { expect, freshClientIp } from './fixtures.ts';
import { totpUriOf, withFreshTotpCode } from './second-factor.ts';
import { sessionFileOf, sharedSessionCookies } from './sessions.ts';

export { accounts };

/** The email sign-in form of the social login page. */
export function signInForm(page: Page) {
  return page.getByRole('form', { name: 'Sign in' });
}

export async function fillSignIn(page: Page, email: string, password: string) {
  const form = signInForm(page);
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** The code step of a sign-in: a code of the authenticator (see withFreshTotpCode) or a recovery code, and Verify. */
export async function answerSecondFactor(page: Page, code: string) {
  const form = page.getByRole('form', { name: 'Second factor' });
  await form.getByRole('textbox').fill(code);
  await form.getByRole('button', { name: 'Verify' }).click();
}

/**
 * Signs in through the real form and waits until the app has moved on from the sign-in page. An account enrolled
 * by start-server.ts (every admin) answers the code step with a code of a time step not used before (the server
 * takes each step once).
 */
export async function signInThroughForm(page: Page, account: Account) {
  await page.goto('/facebook_login');
  await fillSignIn(page, account.email, account.password);
  const totpURI = totpUriOf(account);
  if (totpURI)
    await withFreshTotpCode(account, totpURI, async (code) => {
      await answerSecondFactor(page, code);
      await expect(page).not.toHaveURL(/\/facebook_login/);
    });
  await expect(page).not.toHaveURL(/\/facebook_login/);
  await expectSignedInShell(page);
}

/** The header of a signed-in person: their account link or menu (the back office's account menu). */
async function expectSignedInShell(page: Page) {
  await expect(
    page
      .getByRole('link', { name: 'Account' })
      .or(page.getByRole('button', { name: 'Open menu' }))
      .or(page.getByRole('button', { name: 'Account menu' }))
      .first(),
  ).toBeVisible();
}

/** Where home sends each role once signed in, as the form's sign-in lands. */
const landingOf = { admin: /\/dashboard$/, lodger: /\/availability$/, user: /\/$/ } as const;

/**
 * Opens the site signed in, as after the form: home, which sends the owner to the dashboard and the lodger to the
 * calendar. Besides checking the session, the test's own first page then loads as it would for a person already on
 * the site, not into a browser that has never fetched the app (a cold start is start-up.spec's and loading.spec's).
 */
async function openSignedIn(page: Page, account: Account) {
  await page.goto('/');
  await expect(page).toHaveURL(landingOf[account.role]);
  await expectSignedInShell(page);
}

/**
 * Signs the page's browser in as `account` and leaves it where the form's sign-in would (home, or the owner's
 * dashboard, or the lodger's calendar): one of the shared accounts (sessions.ts) gets the session global-setup.ts
 * made; any other account goes through the form. A test that signs out, or otherwise ends its session, uses
 * signInThroughForm or an account of its own.
 */
export async function signInAs(page: Page, account: Account) {
  const cookies = sharedSessionCookies(account);
  if (!cookies) return signInThroughForm(page, account);
  await page.context().addCookies(cookies);
  await openSignedIn(page, account);
}

/** A second, separate browser (its own cookies and client address), e.g. the admin acting on another user. */
export async function newSignedInContext(browser: Browser, baseURL: string, account: Account) {
  const shared = sharedSessionCookies(account) !== undefined;
  const context: BrowserContext = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': freshClientIp() },
    ...(shared && { storageState: sessionFileOf(account) }),
  });
  const page = await context.newPage();
  if (shared) await openSignedIn(page, account);
  else await signInThroughForm(page, account);
  return { context, page };
}

export async function signInAsAdmin(page: Page) {
  await signInAs(page, accounts.admin);
}

export async function signInAsLodger(page: Page) {
  await signInAs(page, accounts.lodger);
}

export async function signInAsClient(page: Page) {
  await signInAs(page, accounts.client);
}

export function uniqueEmail(prefix: string) {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.test`.toLowerCase();
}

/** What a signed-in person sees: their account page with their email. */
export async function expectSignedInAs(page: Page, email: string) {
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
  await expect(page.getByRole('main').getByText(email, { exact: true })).toBeVisible();
}

/** What a signed-out visitor sees: the header offers 'Sign in', and /account sends them home. */
export async function expectSignedOut(page: Page) {
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
}
