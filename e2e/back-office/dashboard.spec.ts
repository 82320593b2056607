import type { Takings } from '@app/shared';
import type { Page } from '@playwright/test';
import type { Account } from '../support/accounts.ts';
import {
  accounts,
  answerSecondFactor,
  fillSignIn,
  newSignedInContext,
  signInAsAdmin,
  uniqueEmail,
} from '../support/auth.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { localDate } from '../support/dates.ts';
import { diaryTime } from '../support/diary.ts';
import { createAccounts, enrolAuthenticator } from '../support/enrol-second-factor.ts';
import { expect, test } from '../support/fixtures.ts';
import { dataDir } from '../support/paths.ts';
import { withFreshTotpCode } from '../support/second-factor.ts';
import { pendingSensualBooking, todaysUnpaidAppointment, uniqueName } from './back-office.ts';

const pounds = (pence: number) =>
  new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency: 'GBP',
    minimumFractionDigits: pence % 100 === 0 ? 0 : 2,
  }).format(pence / 100);

async function takingsNow(page: Page): Promise<Takings> {
  const answer = await page.request.get('/api/admin/dashboard');
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { takings: Takings }).takings;
}

/** axe over the screen in the light scheme and in the dark one (the scheme follows the device's). */
async function axeLightAndDark(page: Page, what: string) {
  await expectNoAxeViolations(page, `${what}, light`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expectNoAxeViolations(page, `${what}, dark`);
  await page.emulateMedia({ colorScheme: 'light' });
}

test('the owner approves a new client’s sensual booking from the dashboard in one tap @phone', async ({
  page,
  browser,
  baseURL,
}) => {
  const name = uniqueName('Penny');
  const booking = await pendingSensualBooking(
    browser,
    baseURL as string,
    // The dashboard's timeline shows the next eight days.
    diaryTime({ withinDays: 7 }),
    name,
  );

  await signInAsAdmin(page);
  await page.goto('/dashboard');
  const pending = page.getByRole('region', { name: /^Waiting for approval/ });
  const request = pending.getByRole('listitem').filter({ hasText: name });
  await expect(request).toContainText('Sensual massage');
  await request.getByRole('button', { name: `Approve ${name}` }).click();

  await expect(pending.getByRole('status')).toContainText(`Approved: ${name}`);
  await expect(pending.getByRole('listitem').filter({ hasText: name })).toHaveCount(0);
  // The timeline now shows it as confirmed, and so does the server.
  const timeline = page.getByRole('region', { name: 'Next eight days' });
  await expect(timeline.getByRole('listitem').filter({ hasText: name })).toContainText('Confirmed');
  const detail = await page.request.get(`/api/admin/bookings/${booking.id}`);
  expect(((await detail.json()) as { booking: { status: string } }).booking.status).toBe('confirmed');
});

test.describe('takings today', () => {
  // It reads today's takings to the penny: no test that moves today's money runs beside it (fixtures.ts).
  test.use({ paymentPolicy: 'changes' });

  test('the money taken for today’s appointment shows at once in Taken today, by way of payment @phone', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    const name = uniqueName('Tess');
    const made = await todaysUnpaidAppointment(page.request, name);
    expect(localDate(new Date(made.startsAt))).toBe(localDate(new Date()));

    const before = await takingsNow(page);
    const cashBefore = before.byWay.find((row) => row.way === 'cash')?.pence ?? 0;
    await page.goto('/dashboard');
    const day = page.getByRole('region', { name: 'Your day' });
    await expect(day.getByText(/^Taken today:/)).toHaveText(`Taken today: ${pounds(before.totalPence)}`);
    const row = day.getByRole('listitem').filter({ hasText: name });
    await row.getByRole('button', { name: 'Take £70 by cash' }).click();
    await expect(row.getByRole('status')).toHaveText('£70 taken by cash.');

    await expect(day.getByText(/^Taken today:/)).toHaveText(`Taken today: ${pounds(before.totalPence + 7000)}`);
    await expect(day).toContainText(`${pounds(cashBefore + 7000)} cash`);
    expect((await takingsNow(page)).totalPence).toBe(before.totalPence + 7000);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()?.width ?? 0,
    );
    await axeLightAndDark(page, 'the morning view after a payment');
  });
});

/** An admin of this test alone (the backup warning is hidden per person): made by the CLI, with an authenticator. */
async function signInAsNewAdmin(page: Page, baseURL: string): Promise<Account> {
  const account: Account = {
    email: uniqueEmail('banner.admin'),
    password: 'Password1!',
    name: uniqueName('Bree'),
    role: 'admin',
  };
  await createAccounts(dataDir, [account], () => {});
  const totpURI = await enrolAuthenticator(baseURL, account);
  await page.goto('/facebook_login');
  await fillSignIn(page, account.email, account.password);
  await withFreshTotpCode(account, totpURI, async (code) => {
    await answerSecondFactor(page, code);
    await expect(page).toHaveURL(/\/dashboard$/);
  });
  return account;
}

test('the owner hides the banner of things to sort out with one tap, and it stays hidden for them @phone', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow(); // an admin of its own: an account, an authenticator, a sign-in with its code
  await signInAsNewAdmin(page, baseURL as string);
  await page.goto('/dashboard');
  // The e2e server has made no backup: the warning, in the owner's words, under their day.
  const banner = page.getByRole('region', { name: 'Still to sort out' });
  await expect(banner).toContainText('There is no backup of your bookings and books yet.');
  await expect(banner).not.toContainText(/npm|cli /);
  const hide = banner.getByRole('button', { name: 'Hide these notes' });
  const box = await hide.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(24);
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(24);
  // Today comes first, the banner under it.
  const dayBox = await page.getByRole('region', { name: 'Your day' }).boundingBox();
  expect((await banner.boundingBox())?.y ?? 0).toBeGreaterThan(dayBox?.y ?? Number.POSITIVE_INFINITY);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );
  await axeLightAndDark(page, 'the dashboard with its banner');

  await hide.click();
  await expect(banner).toHaveCount(0);
  await expect(page.getByText('No backup has been made yet.')).toBeVisible();
  // Kept by the server, not the browser: after a reload, and in the answer every device reads.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Your day' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Still to sort out' })).toHaveCount(0);
  const answer = (await (await page.request.get('/api/admin/dashboard')).json()) as {
    backup: { warning: string; warningHidden: boolean };
  };
  expect(answer.backup).toMatchObject({ warning: 'overdue since never', warningHidden: true });

  // Hidden for this owner only: the other admin still sees the warning.
  const other = await newSignedInContext(browser, baseURL as string, accounts.admin);
  try {
    await other.page.goto('/dashboard');
    await expect(other.page.getByRole('region', { name: 'Still to sort out' })).toContainText(
      'There is no backup of your bookings and books yet.',
    );
  } finally {
    await other.context.close();
  }
});
