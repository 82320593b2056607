/**
 * Creates the test accounts with the CLI's own service, then enrols an authenticator app for the given ones through
 * better-auth's real endpoints: in one process on the e2e data directory before the server holds it (opening the
 * embedded database once, not once per account), and returns their otpauth URIs.
 */
import { createContext } from '../../apps/server/src/app.ts';
import { parseEnv } from '../../apps/server/src/env.ts';
import { CLIENT_IP_HEADER } from '../../apps/server/src/modules/auth/auth.ts';
import { createUser } from '../../apps/server/src/modules/users/users.service.ts';
import type { Account } from './accounts.ts';
import { totpCode } from './second-factor.ts';

export async function createAccounts(
  serverEnv: Record<string, string>,
  all: Account[],
  enrol: Account[],
  log: (line: string) => void,
) {
  const context = await createContext(parseEnv({ ...serverEnv, LOG_LEVEL: 'warn' }));
  const origin = serverEnv.PUBLIC_URL ?? '';
  const uris: Record<string, string> = {};
  try {
    for (const account of all) {
      const created = await createUser(context.db, context.env, { ...account });
      log(`Created ${created.role} ${created.email} (${created.id}).`);
    }
    const accounts = enrol;
    for (const account of accounts) {
      let cookie = '';
      const call = async (path: string, body: unknown) => {
        const response = await context.auth.handler(
          new Request(`${origin}/api/auth${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin, cookie, [CLIENT_IP_HEADER]: '127.0.0.1' },
            body: JSON.stringify(body),
          }),
        );
        const text = await response.text();
        if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text}`);
        const set = response.headers.getSetCookie().map((line) => line.split(';')[0] ?? '');
        if (set.length) cookie = set.join('; ');
        return JSON.parse(text) as Record<string, unknown>;
      };
      await call('/sign-in/email', { email: account.email, password: account.password });
      const { totpURI } = (await call('/two-factor/enable', { password: account.password })) as { totpURI: string };
      await call('/two-factor/verify-totp', { code: totpCode(totpURI) });
      uris[account.email] = totpURI;
    }
  } finally {
    await context.close();
  }
  return uris;
}
