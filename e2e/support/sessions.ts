import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Cookie } from '@playwright/test';
import { type Account, accounts } from './accounts.ts';
import { tmpDir } from './paths.ts';

/**
 * The accounts global-setup.ts signs in once per run, through the API (password, then the admin's authenticator
 * code): a test signed in as one of them gets that session's cookie instead of a walk through the form. A test that
 * signs its session out or revokes it (sign out, sign out everywhere, a new password, disabling) would end it for
 * every other test: such a test signs in through the form, or uses an account of its own.
 */
export const sharedAccounts: readonly Account[] = [accounts.admin, accounts.lodger, accounts.client];

export const sessionsDir = join(tmpDir, 'sessions');

/** Playwright's storage state of the account's shared session. */
export function sessionFileOf(account: Pick<Account, 'email'>): string {
  return join(sessionsDir, `${account.email}.json`);
}

/** The shared session's cookies, or undefined for an account that has none (it signs in through the form). */
export function sharedSessionCookies(account: Pick<Account, 'email'>): Cookie[] | undefined {
  if (!sharedAccounts.some((shared) => shared.email === account.email)) return undefined;
  const file = sessionFileOf(account);
  if (!existsSync(file)) throw new Error(`no saved session for ${account.email}: global-setup.ts makes ${file}`);
  return (JSON.parse(readFileSync(file, 'utf8')) as { cookies: Cookie[] }).cookies;
}
