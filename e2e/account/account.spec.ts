import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expectSignedOut, fillSignIn, signInForm } from '../support/auth.ts';
import { pageAtRest } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { linksIn, mailCount, type ReceivedMail, waitForMail } from '../support/mail.ts';
import { openAccount, signUpFreshClient } from './account.ts';

// Nothing here depends on the payment policy: it runs beside a test that changes it (fixtures.ts).
test.use({ paymentPolicy: 'ignores' });

async function expectNoAxeViolations(page: Page) {
  await pageAtRest(page);
  const axe = await new AxeBuilder({ page }).analyze();
  const found = axe.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id} at ${node.html}: ${node.failureSummary}`),
  );
  expect(found).toEqual([]);
}

function verifyLinkIn(mail: ReceivedMail): string {
  const link = linksIn(mail).find((url) => url.includes('/api/auth/verify-email'));
  expect(link, mail.text).toBeDefined();
  return link as string;
}

test('a new client adds a phone number that is still there after a reload (axe-clean page and dialog) @phone', async ({
  page,
}) => {
  await signUpFreshClient(page, 'phone');
  const main = await openAccount(page);
  await expect(main.getByText('Email and password', { exact: true })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Connect Test ID' })).toBeVisible();
  await expectNoAxeViolations(page);

  const phone = main.getByRole('textbox', { name: 'Phone' });
  await expect(phone).toHaveValue('');
  await phone.fill('call me maybe');
  await main.getByRole('button', { name: 'Save details' }).click();
  await expect(main.getByText('Enter a phone number we can text, e.g. 07700 900123')).toBeVisible();

  await phone.fill('+44 20 7946 0000');
  await main.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Your details are saved.')).toBeVisible();

  await page.reload();
  await expect(main.getByRole('textbox', { name: 'Phone' })).toHaveValue('+44 20 7946 0000');

  // An emptied field removes the number.
  await main.getByRole('textbox', { name: 'Phone' }).fill('');
  await main.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Your details are saved.')).toBeVisible();
  await page.reload();
  await expect(main.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Ava Account');
  await expect(main.getByRole('textbox', { name: 'Phone' })).toHaveValue('');

  await main.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete this account for good?' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("'Download my data' saves a JSON file of what is held, with the client's email and phone", async ({ page }) => {
  const client = await signUpFreshClient(page, 'export');
  const main = await openAccount(page);
  await main.getByRole('textbox', { name: 'Phone' }).fill('07700 900123');
  await main.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Your details are saved.')).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    main.getByRole('link', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('my-data.json');
  const data = JSON.parse(await readFile(await download.path(), 'utf8'));
  expect(data.account).toMatchObject({ email: client.email, name: client.name, phone: '+447700900123' });
  expect(data.signInMethods).toEqual([expect.objectContaining({ provider: 'credential' })]);
  expect(JSON.stringify(data.emails)).toContain('Confirm your email');
  // The page is still the account page: the file came as an attachment.
  await expect(page).toHaveURL('/account');
});

test('a client deletes their account with a wrong then the right password, and cannot sign in again', async ({
  page,
}) => {
  const client = await signUpFreshClient(page, 'delete');
  const main = await openAccount(page);
  await main.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this account for good?' });
  await expect(dialog).toContainText('your bookings are kept anonymised');
  await expect(dialog).toContainText('every device where you are signed in is signed out');

  const password = dialog.getByLabel('Your password');
  await password.fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(dialog.getByText('The password is not correct.')).toBeVisible();
  await expect(page).toHaveURL('/account');

  await password.fill(client.password);
  await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  await expect(page).toHaveURL('/');
  await expectSignedOut(page);

  await page.goto('/facebook_login');
  await fillSignIn(page, client.email, client.password);
  await expect(signInForm(page).getByRole('alert')).toContainText('Incorrect email or password.');
  await expect(page).toHaveURL('/facebook_login');
});

test('a client changes their email through the link sent to the new address', async ({ page }) => {
  const client = await signUpFreshClient(page, 'before.change');
  const newEmail = client.email.replace('before.change', 'after.change');
  const main = await openAccount(page);
  await main.getByRole('textbox', { name: 'New email address' }).fill(newEmail);
  await main.getByRole('button', { name: 'Change email' }).click();
  // Not verified yet, so the link goes to the new address to prove it is theirs.
  await expect(main.getByText(`We sent a link to ${newEmail}.`, { exact: false })).toBeVisible();
  await expect(main.getByText(client.email, { exact: true })).toBeVisible();

  const mail = await waitForMail(newEmail, 'Confirm your email');
  const link = linksIn(mail).find((url) => url.includes('/api/auth/verify-email'));
  expect(link, mail.text).toBeDefined();
  await page.goto(link as string);
  await expect(page.getByText('Email change confirmed')).toBeVisible();
  await expect(page).toHaveURL('/account');
  await expect(main.getByText(newEmail, { exact: true })).toBeVisible();
});

test('a verified client changes their email through the emailed links, then signs in with the new address', async ({
  page,
}) => {
  const client = await signUpFreshClient(page, 'verified.before');
  const verification = await waitForMail(client.email, 'Confirm your email');
  await page.goto(verifyLinkIn(verification));
  await expect(page.getByText('Your email is verified.')).toBeVisible();

  const newEmail = client.email.replace('verified.before', 'verified.after');
  const main = await openAccount(page);
  await expect(main.getByText('Verified', { exact: true })).toBeVisible();
  await main.getByRole('textbox', { name: 'New email address' }).fill(newEmail);
  await main.getByRole('button', { name: 'Change email' }).click();
  await expect(main.getByText(`Look in both inboxes, ${client.email} and ${newEmail}`, { exact: false })).toBeVisible();

  // A verified client's change is approved from the current inbox first (the server sends that email); only
  // then does the new inbox get its own link, so nothing can reach it before the approval.
  const approval = await waitForMail(client.email, 'Confirm the change');
  expect(mailCount(newEmail, 'Confirm your email')).toBe(0);
  await page.goto(verifyLinkIn(approval));
  await expect(page.getByText('Email change confirmed')).toBeVisible();
  await expect(main.getByText(client.email, { exact: true })).toBeVisible();
  await page.goto(verifyLinkIn(await waitForMail(newEmail, 'Confirm your email')));
  await expect(page.getByText('Email change confirmed')).toBeVisible();
  await expect(page).toHaveURL('/account');
  await expect(main.getByText(newEmail, { exact: true })).toBeVisible();
  await expect(main.getByText('Verified', { exact: true })).toBeVisible();

  await main.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expectSignedOut(page);
  await page.goto('/facebook_login');
  await fillSignIn(page, newEmail, client.password);
  await expect(page).not.toHaveURL(/facebook_login/);
  await openAccount(page);
  await expect(main.getByText(newEmail, { exact: true })).toBeVisible();
});

test('connecting a provider account under another email address comes back to /account and says why it failed', async ({
  page,
}) => {
  await signUpFreshClient(page, 'connect');
  const main = await openAccount(page);
  await main.getByRole('button', { name: 'Connect Test ID' }).click();
  // The local OpenID provider signs in someone else (oidc.user@example.test), so the link is refused.
  await expect(page.getByText('That provider account uses a different email address.')).toBeVisible();
  await expect(page).toHaveURL('/account');
  const methods = main.getByRole('list', { name: 'Ways you sign in' });
  await expect(methods.getByRole('listitem')).toHaveText(['Email and password']);
  await expect(main.getByRole('button', { name: 'Connect Test ID' })).toBeVisible();
});
