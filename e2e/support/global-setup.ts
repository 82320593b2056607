/**
 * Runs once per run, after the e2e server is up: signs in each shared account (sessions.ts) through the real API,
 * as the form does it (password, then for the admin a code of the authenticator start-server.ts enrolled), and
 * saves the session as Playwright storage state for the tests. The form itself is walked in e2e/auth.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { type FullConfig, request } from '@playwright/test';
import type { Account } from './accounts.ts';
import { freshClientIp } from './client-ip.ts';
import { totpUriOf, withFreshTotpCode } from './second-factor.ts';
import { sessionFileOf, sharedAccounts } from './sessions.ts';

async function signIn(baseURL: string, account: Account) {
  const api = await request.newContext({
    baseURL,
    // better-auth refuses cookie-setting calls without an Origin, as a browser's form would send.
    extraHTTPHeaders: { origin: baseURL, 'x-forwarded-for': freshClientIp() },
  });
  try {
    const password = await api.post('/api/auth/sign-in/email', {
      data: { email: account.email, password: account.password },
    });
    if (!password.ok())
      throw new Error(`${account.email}: sign-in answered ${password.status()} ${await password.text()}`);
    if (((await password.json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect) {
      const totpURI = totpUriOf(account);
      if (!totpURI) throw new Error(`${account.email} is asked for a code but has no enrolled authenticator`);
      await withFreshTotpCode(account, totpURI, async (code) => {
        const verified = await api.post('/api/auth/two-factor/verify-totp', { data: { code } });
        if (!verified.ok())
          throw new Error(`${account.email}: the code step answered ${verified.status()} ${await verified.text()}`);
      });
    }
    const session = (await (await api.get('/api/auth/get-session')).json()) as { user?: { email: string } } | null;
    if (session?.user?.email !== account.email) throw new Error(`${account.email}: no session after signing in`);
    const file = sessionFileOf(account);
    mkdirSync(dirname(file), { recursive: true });
    await api.storageState({ path: file });
  } finally {
    await api.dispose();
  }
}

export default async function globalSetup(config: FullConfig) {
  const baseURL = config.projects[0]?.use.baseURL;
  if (!baseURL) throw new Error('no baseURL in playwright.config.ts');
  const started = Date.now();
  await Promise.all(sharedAccounts.map((account) => signIn(baseURL, account)));
  console.log(`[e2e setup] signed in ${sharedAccounts.length} shared accounts in ${Date.now() - started} ms`);
}
