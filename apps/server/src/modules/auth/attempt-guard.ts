import type { Db } from '../../db/client.ts';
import {
  clearFailures,
  confirmFailure,
  giveBackAttempt,
  reserveAttempt as reserveFromBudget,
} from './attempt-budget.ts';
import type { Auth } from './auth.ts';
import {
  accountOfSecondFactor,
  claimTotpStep,
  forgetTotpSteps,
  LOCKED_MESSAGE,
  SECOND_FACTOR_CHECKS,
  secondFactorBudget,
  TOTP_CHECK,
  TOTP_ENROL,
  WRONG_CODE_ERRORS,
} from './second-factor-guard.ts';
import { reserveSignIn, settleSignIn } from './sign-in-throttle.ts';

const PASSWORD_SIGN_IN = '/api/auth/sign-in/email';

/** One call to better-auth, as the guard needs it. */
export type Call = { method: string; path: string; ip: string; body: unknown; headers: Headers };

/**
 * Guesses at a secret are reserved from the account's budget before better-auth checks them, and settled by its
 * answer (decision 058): a password sign-in per email, a second-factor code per account, an authenticator code's
 * time step once.
 */
export async function reserveAttempt({ auth, db }: { auth: Auth; db: Db }, call: Call): Promise<Attempt> {
  const signInEmail = passwordSignInEmail(call);
  if (signInEmail) {
    const reservation = await reserveSignIn(db, { email: signInEmail, ip: call.ip });
    if (typeof reservation === 'number')
      return refuse(
        429,
        'RATE_LIMITED',
        `Too many failed sign-ins for this account. Please wait ${reservation} seconds, then try again.`,
        reservation,
      );
    return { settle: (status) => settleSignIn(db, { email: signInEmail, reservation, status }) };
  }
  const { path } = call;
  if (call.method !== 'POST') return noAttempt;
  if (path === TOTP_ENROL)
    return {
      settle: async (status) => {
        const current = status === 200 ? await auth.api.getSession({ headers: call.headers }) : null;
        if (current) await forgetTotpSteps(db, { userId: current.user.id });
      },
    };
  if (!SECOND_FACTOR_CHECKS.includes(path)) return noAttempt;
  const userId = await accountOfSecondFactor({ auth, db }, { headers: call.headers });
  if (!userId) return noAttempt;
  const wait = await reserveFromBudget(db, { budget: secondFactorBudget, subject: userId });
  if (wait > 0) return refuse(429, 'ACCOUNT_TEMPORARILY_LOCKED', LOCKED_MESSAGE, wait);
  const code = (call.body as { code?: unknown } | undefined)?.code;
  if (path === TOTP_CHECK && (await claimTotpStep({ auth, db }, { userId, code })) === 'replayed')
    return refuse(
      401,
      'INVALID_CODE',
      'This code has been used already. Please wait for the next code in your authenticator app.',
    );
  return {
    settle: async (status, body) => {
      const errorCode = errorCodeOf(body);
      if (status === 200) await clearFailures(db, { budget: secondFactorBudget, subject: userId });
      else if (status === 401 && WRONG_CODE_ERRORS.includes(errorCode ?? ''))
        await confirmFailure(db, { budget: secondFactorBudget, subject: userId });
      else await giveBackAttempt(db, { budget: secondFactorBudget, subject: userId });
    },
  };
}

type Refusal = { status: number; code: string; message: string; retryAfterS?: number };
/** What better-auth answered is settled against the reservation: its status and body. */
export type Attempt = { refusal: Refusal } | { settle: (status: number, body: Buffer | null) => Promise<void> };

const noAttempt: Attempt = { settle: async () => {} };

function refuse(status: number, code: string, message: string, retryAfterS?: number): Attempt {
  return { refusal: { status, code, message, retryAfterS } };
}

/** The `code` of better-auth's error answer, if it is one. */
function errorCodeOf(body: Buffer | null): string | null {
  if (!body) return null;
  try {
    const code = (JSON.parse(body.toString('utf8')) as { code?: unknown } | null)?.code;
    return typeof code === 'string' ? code : null;
  } catch {
    return null;
  }
}

/** The email of a password sign-in (the per-account limit counts those), or null for any other call. */
function passwordSignInEmail(call: Call): string | null {
  if (call.method !== 'POST' || call.path !== PASSWORD_SIGN_IN) return null;
  const email = (call.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.length > 0 && email.length <= 320 ? email : null;
}
