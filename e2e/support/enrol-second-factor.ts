/**
 * The test accounts, made once the e2e server is up: created with the admin CLI (through the running server's CLI
 * socket, as `npm run cli -- user create` does beside a server on PGlite), then an authenticator app enrolled for
 * the admins that need one through better-auth's real endpoints, returning their otpauth URIs.
 */
import type { Account } from './accounts.ts';
import { type CliAnswer, runCli } from './cli.ts';
import { freshClientIp } from './client-ip.ts';
import { withFreshTotpCode } from './second-factor.ts';

export async function createAccounts(
  dataDir: string,
  all: Account[],
  log: (line: string) => void,
  cli: (argv: string[]) => Promise<CliAnswer> = (argv) => runCli(dataDir, argv),
) {
  await Promise.all(
    all.map(async (account) => {
      const argv = ['user', 'create', '--email', account.email, '--password', account.password];
      const answer = await cli([...argv, '--name', account.name, '--role', account.role]);
      if (answer.code !== 0) throw new Error(`user create ${account.email}: ${answer.stderr}`);
      log(answer.stdout.trim());
    }),
  );
}

/** Signs in with the password, turns on an authenticator app and confirms it with a code: its otpauth URI. */
export async function enrolAuthenticator(origin: string, account: Account): Promise<string> {
  let cookie = '';
  // Its own client address: sign-in and the code step are limited per address.
  const headers = { 'content-type': 'application/json', origin, 'x-forwarded-for': freshClientIp() };
  const call = async (path: string, body: unknown) => {
    const response = await fetch(`${origin}/api/auth${path}`, {
      method: 'POST',
      headers: { ...headers, cookie },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text}`);
    const set = response.headers.getSetCookie().map((line) => line.split(';')[0] ?? '');
    if (set.length) cookie = set.join('; ');
    return JSON.parse(text) as Record<string, unknown>;
  };
  await call('/sign-in/email', { email: account.email, password: account.password });
  const { totpURI } = (await call('/two-factor/enable', { password: account.password })) as { totpURI: string };
  // Turning it on takes a code, which uses up its time step for this account (see withFreshTotpCode).
  await withFreshTotpCode(account, totpURI, (code) => call('/two-factor/verify-totp', { code }));
  return totpURI;
}
