import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
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

/**
 * The time steps each account has used in this run, one file per account (emptied by start-server.ts with the
 * database). The server takes a code once (RFC 6238 §5.2): after a code of step S, no code of S or earlier.
 */
export const totpStepsDir = join(tmpDir, 'totp-steps');

/** A lock this long is a worker that was killed holding it: the longest use is a wait for the clock and a sign-in. */
const STALE_LOCK_MS = 120_000;

function totpOf(uriOrSecret: string): TOTP {
  return uriOrSecret.startsWith('otpauth://')
    ? (URI.parse(uriOrSecret) as TOTP)
    : // A setup key as the page shows it (base32 in groups), typed into an app by hand.
      new TOTP({ secret: uriOrSecret.replace(/\s/g, ''), digits: 6, period: 30 });
}

async function lockAccount(lockFile: string) {
  const deadline = Date.now() + 3 * STALE_LOCK_MS;
  for (;;) {
    try {
      closeSync(openSync(lockFile, 'wx'));
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = Date.now() - (statSync(lockFile, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) rmSync(lockFile, { force: true });
      if (Date.now() > deadline) throw new Error(`could not lock ${lockFile}`);
      await sleep(100 + Math.random() * 100);
    }
  }
}

/**
 * Hands `use` a code of a time step nobody has used for this account in this run, and holds the account's lock
 * until `use` is done, so that the server sees the account's codes in the order of their steps (it refuses a code of
 * an earlier step than one it accepted). The step is the earliest after the last one used among the current and the
 * next (the server also takes the one before the current, but a code of that step may expire on its way); when both
 * are used, it waits for the clock. `use` submits the code and waits for the server's answer.
 */
export async function withFreshTotpCode<T>(
  account: Pick<Account, 'email'>,
  uriOrSecret: string,
  use: (code: string) => Promise<T>,
): Promise<T> {
  const totp = totpOf(uriOrSecret);
  const periodMs = totp.period * 1000;
  mkdirSync(totpStepsDir, { recursive: true });
  const stepsFile = join(totpStepsDir, `${account.email.toLowerCase()}.json`);
  const lockFile = `${stepsFile}.lock`;
  await lockAccount(lockFile);
  try {
    const last = existsSync(stepsFile)
      ? (JSON.parse(readFileSync(stepsFile, 'utf8')) as { lastStep: number }).lastStep
      : Number.NEGATIVE_INFINITY;
    let now = Math.floor(Date.now() / periodMs);
    const step = Math.max(last + 1, now);
    while (step > now + 1) {
      await sleep((now + 1) * periodMs - Date.now() + 50);
      now = Math.floor(Date.now() / periodMs);
    }
    writeFileSync(stepsFile, JSON.stringify({ lastStep: step }));
    return await use(totp.generate({ timestamp: step * periodMs }));
  } finally {
    rmSync(lockFile, { force: true });
  }
}
