import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TOTP, URI } from 'otpauth';
import type { Account } from './accounts.ts';
import { tmpDir } from './paths.ts';

/** Where start-server.ts keeps the authenticator URI of each account it enrolled (this run's own folder). */
const secretsFile = join(tmpDir, 'second-factors.json');

export function saveTotpUris(uris: Record<string, string>) {
  writeFileSync(secretsFile, JSON.stringify(uris, null, 2));
}

/** The otpauth URI the account was enrolled with by start-server.ts, or undefined for one without a factor. */
export function totpUriOf(account: Pick<Account, 'email'>): string | undefined {
  if (!existsSync(secretsFile)) return undefined;
  return (JSON.parse(readFileSync(secretsFile, 'utf8')) as Record<string, string>)[account.email];
}

/** What an authenticator app shows now for this URI. */
export function totpCode(totpURI: string): string {
  return (URI.parse(totpURI) as TOTP).generate();
}

/** The code for a secret typed in by hand (base32, spaces allowed), as a phone would compute it. */
export function totpCodeForSecret(secret: string): string {
  return new TOTP({ secret: secret.replace(/\s/g, ''), digits: 6, period: 30 }).generate();
}
