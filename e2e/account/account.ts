import type { Page } from '@playwright/test';
import { uniqueEmail } from '../support/auth.ts';
import { expect } from '../support/fixtures.ts';

export type NewClient = { name: string; email: string; password: string };

/** A new client, signed up through the real form (the server signs them in at once, not yet verified). */
export async function signUpFreshClient(page: Page, prefix: string): Promise<NewClient> {
  const client = { name: 'Ava Account', email: uniqueEmail(prefix), password: 'Fresh-pass-1' };
  await page.goto('/facebook_login');
  await page.getByRole('tab', { name: 'Create account' }).click();
  const form = page.getByRole('form', { name: 'Create account' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(client.name);
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(client.email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(client.password);
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText(`Your account is ready. We sent a verification email to ${client.email}.`)).toBeVisible();
  return client;
}

/** The account page, once its sections (including the sign-in methods, loaded apart) are on screen. */
export async function openAccount(page: Page) {
  await page.goto('/account');
  await showSecuritySettings(page);
  return page.getByRole('main');
}

/** A client's security settings are folded away under their own heading: opened, as a client would. */
export async function showSecuritySettings(page: Page) {
  await expect(page.getByRole('heading', { name: 'Your account', exact: true })).toBeVisible();
  const show = page.getByRole('button', { name: 'Show security settings' });
  if (await show.isVisible()) await show.click();
  await expect(page.getByRole('list', { name: 'Ways you sign in' })).toBeVisible();
}
