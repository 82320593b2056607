import type { PasswordPolicy } from '@app/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import {
  clearFailures,
  confirmFailure,
  giveBackAttempt,
  reserveAttempt as reserveAttemptFromBudget,
} from './attempt-budget.ts';
import { type Auth, CLIENT_IP_HEADER } from './auth.ts';
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

const SIGN_IN_PATHS = ['/api/auth/sign-in/email', '/api/auth/callback/', '/api/auth/oauth2/callback/'];

const PASSWORD_SIGN_IN = '/api/auth/sign-in/email';

export function authRoutes(auth: Auth, policy: PasswordPolicy, db: Db) {
  /**
   * Guesses at a secret are reserved from the account's budget before better-auth checks them, and settled by its
   * answer (decision 058): a password sign-in per email, a second-factor code per account, an authenticator code's
   * time step once.
   */
  async function reserveAttempt(request: FastifyRequest, webRequest: Request): Promise<Attempt> {
    const signInEmail = passwordSignInEmail(request);
    if (signInEmail) {
      const reservation = await reserveSignIn(db, signInEmail, request.ip);
      if (typeof reservation === 'number')
        return refuse(
          429,
          'RATE_LIMITED',
          `Too many failed sign-ins for this account. Please wait ${reservation} seconds, then try again.`,
          reservation,
        );
      return { settle: (status) => settleSignIn(db, signInEmail, reservation, status) };
    }
    const path = request.url.split('?')[0] ?? '';
    if (request.method !== 'POST') return noAttempt;
    if (path === TOTP_ENROL)
      return {
        settle: async (status) => {
          const current = status === 200 ? await auth.api.getSession({ headers: webRequest.headers }) : null;
          if (current) await forgetTotpSteps(db, current.user.id);
        },
      };
    if (!SECOND_FACTOR_CHECKS.includes(path)) return noAttempt;
    const userId = await accountOfSecondFactor(auth, db, webRequest.headers);
    if (!userId) return noAttempt;
    const wait = await reserveAttemptFromBudget(db, secondFactorBudget, userId);
    if (wait > 0) return refuse(429, 'ACCOUNT_TEMPORARILY_LOCKED', LOCKED_MESSAGE, wait);
    const code = (request.body as { code?: unknown } | undefined)?.code;
    if (path === TOTP_CHECK && (await claimTotpStep(auth, db, userId, code)) === 'replayed')
      return refuse(
        401,
        'INVALID_CODE',
        'This code has been used already. Please wait for the next code in your authenticator app.',
      );
    return {
      settle: async (status, errorCode) => {
        if (status === 200) await clearFailures(db, secondFactorBudget, userId);
        else if (status === 401 && WRONG_CODE_ERRORS.includes(errorCode ?? ''))
          await confirmFailure(db, secondFactorBudget, userId);
        else await giveBackAttempt(db, secondFactorBudget, userId);
      },
    };
  }

  return async (app: FastifyInstance) => {
    app.get('/api/auth/password-policy', async () => policy);

    // better-auth speaks Web Request/Response; this bridge hands it each call under /api/auth.
    app.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      config: { rateLimit: false },
      async handler(request, reply) {
        const webRequest = toWebRequest(request);
        const attempt = await reserveAttempt(request, webRequest);
        if ('refusal' in attempt) {
          logSignIn(request, attempt.refusal.status);
          const { status, code, message, retryAfterS } = attempt.refusal;
          if (retryAfterS) reply.header('retry-after', String(retryAfterS));
          return reply.status(status).send({ code, message, error: { code, message } });
        }
        const response = await auth.handler(webRequest);
        logSignIn(request, response.status);
        const body = response.body ? Buffer.from(await response.arrayBuffer()) : null;
        await attempt.settle(response.status, errorCodeOf(body));
        reply.status(response.status);
        response.headers.forEach((value, name) => {
          if (name !== 'set-cookie') reply.header(name, value);
        });
        const cookies = response.headers.getSetCookie();
        if (cookies.length) reply.header('set-cookie', cookies);
        if (response.status < 400 && isPendingSignUp(request, body))
          // better-auth's stand-in user for a known address differs from a new one (its role is null): the
          // answer that does not sign anyone in is one fixed body, so it tells nothing (decision 035).
          return reply.send({ token: null, user: null, emailSent: true });
        if (response.status < 400) return reply.send(body);
        return reply.type('application/json; charset=utf-8').send(withErrorEnvelope(body, response.status));
      },
    });
  };
}

type Refusal = { status: number; code: string; message: string; retryAfterS?: number };
type Attempt = { refusal: Refusal } | { settle: (status: number, errorCode: string | null) => Promise<void> };

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
function passwordSignInEmail(request: FastifyRequest): string | null {
  if (request.method !== 'POST' || request.url.split('?')[0] !== PASSWORD_SIGN_IN) return null;
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.length > 0 && email.length <= 320 ? email : null;
}

/** A sign-up that did not sign in (verification required): a new address and a known one look the same. */
function isPendingSignUp(request: FastifyRequest, body: Buffer | null): boolean {
  if (request.method !== 'POST' || request.url.split('?')[0] !== '/api/auth/sign-up/email' || !body) return false;
  try {
    return (JSON.parse(body.toString('utf8')) as { token?: unknown }).token === null;
  } catch {
    return false;
  }
}

function toWebRequest(request: FastifyRequest): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === CLIENT_IP_HEADER) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  // HEAD reads what GET would (Fastify leaves the body out); better-auth knows only GET.
  return new Request(url, {
    method: request.method === 'HEAD' ? 'GET' : request.method,
    headers,
    body: hasBody ? (typeof request.body === 'string' ? request.body : JSON.stringify(request.body)) : undefined,
  });
}

/** Every sign-in attempt, successful or not, is logged with the address it came from. */
function logSignIn(request: FastifyRequest, status: number) {
  if (!SIGN_IN_PATHS.some((path) => request.url.startsWith(path))) return;
  const body = request.body as { email?: unknown } | undefined;
  const email = typeof body?.email === 'string' ? body.email.toLowerCase() : undefined;
  const succeeded = status < 400;
  request.log[succeeded ? 'info' : 'warn'](
    {
      event: succeeded ? 'sign-in' : 'sign-in-failed',
      email,
      ip: request.ip,
      status,
      method: request.url.split('?')[0],
    },
    succeeded ? 'sign-in succeeded' : 'sign-in failed',
  );
}

/**
 * Our API answers errors as `{ error: { code, message } }`; better-auth's client reads `code` and
 * `message` at the top level, so an auth error carries both.
 */
function withErrorEnvelope(body: Buffer | null, status: number): Buffer | string {
  let parsed: unknown = null;
  try {
    parsed = body ? JSON.parse(body.toString('utf8')) : null;
  } catch {
    return body ?? '';
  }
  // An unknown path under /api/auth answers 404 with no body (`null`) from better-auth: ours says why.
  const fields = typeof parsed === 'object' && parsed !== null ? (parsed as { code?: unknown; message?: unknown }) : {};
  const fallback =
    status === 404
      ? { code: 'NOT_FOUND', message: 'There is nothing at this address.' }
      : { code: 'AUTH_ERROR', message: 'The request could not be completed.' };
  const code = typeof fields.code === 'string' ? fields.code : fallback.code;
  const message = typeof fields.message === 'string' && fields.message ? fields.message : fallback.message;
  return JSON.stringify({ ...fields, code, message, error: { code, message } });
}
