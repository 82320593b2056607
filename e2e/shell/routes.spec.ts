import { bookingAliases } from '@app/shared';
import { expect, test } from '../support/fixtures.ts';
import { expectPathAndQuery, expectShell } from './shell.ts';

// Nothing here depends on the payment policy: it runs beside a test that changes it (fixtures.ts).
test.use({ paymentPolicy: 'ignores' });

test.describe('route table of the specification', () => {
  test('home opens at / inside the main layout', async ({ page }) => {
    await page.goto('/');
    await expectShell(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Massage that fits your day' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Book now' })).toHaveAttribute('href', '/book');
    await expect(page.getByRole('heading', { name: 'Opening hours' })).toBeVisible();
    await expect(page.getByText('£70').first()).toBeVisible();
  });

  test('/terms-and-conditions redirects to /?termsandconditions=true and opens the terms, closing to a clean /', async ({
    page,
  }) => {
    await page.goto('/terms-and-conditions');
    await expectPathAndQuery(page, '/?termsandconditions=true');
    const dialog = page.getByRole('dialog', { name: 'Terms and conditions' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expectPathAndQuery(page, '/');
  });

  test('/cookies-and-privacy-policy redirects to /?cookiesandprivacypolicy=true and opens the policy, closing to a clean /', async ({
    page,
  }) => {
    await page.goto('/cookies-and-privacy-policy');
    await expectPathAndQuery(page, '/?cookiesandprivacypolicy=true');
    const dialog = page.getByRole('dialog', { name: 'Cookies and privacy policy' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expectPathAndQuery(page, '/');
  });

  test('the footer links open the terms and the policy from any page', async ({ page }) => {
    await page.goto('/book');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms and conditions' }).click();
    await expectPathAndQuery(page, '/?termsandconditions=true');
    await expect(page.getByRole('dialog', { name: 'Terms and conditions' })).toBeVisible();
  });

  test('/book keeps its style and type query and shows the booking page', async ({ page }) => {
    await page.goto('/book?style=therapeutic&type=deeptissue');
    await expect(page.getByRole('heading', { level: 1, name: 'Book a massage' })).toBeVisible();
    await expectPathAndQuery(page, '/book?style=therapeutic&type=deeptissue');
    // The treatment is chosen: the page opens on its length, the choice in the bar.
    await expect(page.getByRole('heading', { name: 'Length' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your choice' })).toContainText('Deep tissue massage');
    await expect(page).toHaveTitle(/^Book a massage \| /);
  });

  for (const [alias, { style, type }] of Object.entries(bookingAliases)) {
    test(`/${alias} redirects to /book?style=${style}&type=${type}`, async ({ page }) => {
      await page.goto(`/${alias}`);
      await expectPathAndQuery(page, `/book?style=${style}&type=${type}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Book a massage' })).toBeVisible();
    });
  }

  test('/facebook_login is the sign-in page', async ({ page }) => {
    await page.goto('/facebook_login');
    const form = page.getByRole('form', { name: 'Sign in' });
    await expect(form.getByRole('textbox', { name: 'Email', exact: true })).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Password', exact: true })).toBeVisible();
  });

  // Page-like paths: the server answers a missing file (a path with an extension) with a plain 404.
  for (const unknown of ['/no-such-page', '/book/extra/segments', '/admin', '/old-page?ref=newsletter']) {
    test(`an unknown path (${unknown}) redirects to /`, async ({ page }) => {
      await page.goto(unknown);
      await expectPathAndQuery(page, '/');
      await expect(page.getByRole('heading', { level: 1, name: 'Massage that fits your day' })).toBeVisible();
    });
  }

  test('an old hash bookmark /#/book?style=therapeutic&type=swedish opens /book?style=therapeutic&type=swedish', async ({
    page,
  }) => {
    await page.goto('/#/book?style=therapeutic&type=swedish');
    await expectPathAndQuery(page, '/book?style=therapeutic&type=swedish');
    expect(new URL(page.url()).hash).toBe('');
    await expect(page.getByRole('heading', { level: 1, name: 'Book a massage' })).toBeVisible();
  });

  test('an old hash bookmark of an alias /#/combo lands on its booking page', async ({ page }) => {
    await page.goto('/#/combo');
    await expectPathAndQuery(page, '/book?style=therapeutic&type=both');
  });

  test('links inside the app navigate without a reload and the back button works', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => {
      (window as Window & { sameDocument?: boolean }).sameDocument = true;
    });
    await page.getByRole('link', { name: 'Book now' }).click();
    await expectPathAndQuery(page, '/book');
    await page.goBack();
    await expectPathAndQuery(page, '/');
    expect(await page.evaluate(() => (window as Window & { sameDocument?: boolean }).sameDocument)).toBe(true);
  });
});
