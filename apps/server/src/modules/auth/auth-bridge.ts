import type { Db } from '../../db/client.ts';
import { type Call, reserveAttempt } from './attempt-guard.ts';
import type { Auth } from './auth.ts';

/** What the route sends back for one call under /api/auth: better-auth's answer, or the attempt guard's refusal. */
export type AuthAnswer = {
  status: number;
  headers: [name: string, value: string][];
  cookies: string[];
  /** Set when the body is JSON text of ours (an error envelope), not better-auth's own bytes. */
  contentType?: string;
  body: Buffer | string | object | null;
};

/**
 * Hands one call to better-auth, between the attempt guard's reservation and its settling (decision 058); a pending
 * sign-up answers one fixed body and an error carries our envelope.
 */
export async function answerAuthCall(
  { auth, db }: { auth: Auth; db: Db },
  { call, request }: { call: Call; request: Request },
): Promise<AuthAnswer> {
  const attempt = await reserveAttempt({ auth, db }, call);
  if ('refusal' in attempt) {
    const { status, code, message, retryAfterS } = attempt.refusal;
    return {
      status,
      headers: retryAfterS ? [['retry-after', String(retryAfterS)]] : [],
      cookies: [],
      body: { code, message, error: { code, message } },
    };
  }
  const response = await auth.handler(request);
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : null;
  await attempt.settle(response.status, body);
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers.push([name, value]);
  });
  const answer = { status: response.status, headers, cookies: response.headers.getSetCookie() };
  if (response.status < 400 && isPendingSignUp(call, body))
    // better-auth's stand-in user for a known address differs from a new one (its role is null): the
    // answer that does not sign anyone in is one fixed body, so it tells nothing (decision 035).
    return { ...answer, body: { token: null, user: null, emailSent: true } };
  if (response.status < 400) return { ...answer, body };
  return { ...answer, contentType: 'application/json; charset=utf-8', body: withErrorEnvelope(body, response.status) };
}

/** A sign-up that did not sign in (verification required): a new address and a known one look the same. */
function isPendingSignUp(call: Call, body: Buffer | null): boolean {
  if (call.method !== 'POST' || call.path !== '/api/auth/sign-up/email' || !body) return false;
  try {
    return (JSON.parse(body.toString('utf8')) as { token?: unknown }).token === null;
  } catch {
    return false;
  }
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
