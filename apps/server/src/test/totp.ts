import { setTimeout as sleep } from 'node:timers/promises';
import { TOTP, URI } from 'otpauth';

const PERIOD_S = 30;

function totpOf(uriOrSecret: string): TOTP {
  return uriOrSecret.startsWith('otpauth://')
    ? (URI.parse(uriOrSecret) as TOTP)
    : new TOTP({ secret: uriOrSecret, digits: 6, period: PERIOD_S });
}

/** The code an authenticator app would show now (or at `timestamp`) for an `otpauth://totp/...` URI or base32 secret. */
export function totpCode(uriOrSecret: string, timestamp = Date.now()): string {
  return totpOf(uriOrSecret).generate({ timestamp });
}

/** The last time step handed out per secret: the server takes no code of a step it has already accepted. */
const lastStepOf = new Map<string, number>();

/**
 * A code the server has not accepted yet for this secret: the earliest step after the last one handed out among
 * those the server takes (the one before the current, the current, the next), waiting for the clock when all three
 * are used. Every sign-in of a test goes through here, so a test signing one account in again is not refused.
 */
export async function unusedTotpCode(uriOrSecret: string): Promise<string> {
  const totp = totpOf(uriOrSecret);
  const key = totp.secret.base32;
  for (;;) {
    const now = Math.floor(Date.now() / 1000 / PERIOD_S);
    // The step before the current one only while the current has 10 s left: a code of it sent just before the
    // clock turns reaches a server for which it is two steps old, and is refused.
    const secondsLeft = PERIOD_S - ((Date.now() / 1000) % PERIOD_S);
    const earliest = secondsLeft > 10 ? now - 1 : now;
    const step = Math.max(earliest, (lastStepOf.get(key) ?? -Infinity) + 1);
    if (step <= now + 1) {
      lastStepOf.set(key, step);
      return totp.generate({ timestamp: step * PERIOD_S * 1000 });
    }
    await sleep((now + 1) * PERIOD_S * 1000 - Date.now() + 50);
  }
}

export function secretOf(totpURI: string): string {
  return (URI.parse(totpURI) as TOTP).secret.base32;
}
