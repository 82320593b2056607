import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { reserveAttempt } from './attempt-guard.ts';
import { CLIENT_IP_HEADER } from './auth.ts';
import { passwordPolicyFromEnv } from './password-policy.ts';

const SIGN_IN_PATHS = ['/api/auth/sign-in/email', '/api/auth/callback/', '/api/auth/oauth2/callback/'];

export function authRoutes({ auth, db, env }: AppContext) {
  const policy = passwordPolicyFromEnv(env);
  return async (app: FastifyInstance) => {
    app.get('/api/auth/password-policy', async () => policy);

    // better-auth speaks Web Request/Response; this bridge hands it each call under /api/auth.
    app.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      config: { rateLimit: false },
      async handler(request, reply) {
        const webRequest = toWebRequest(request);
        const attempt = await reserveAttempt(auth, db, {
          method: request.method,
          path: request.url.split('?')[0] ?? '',
          ip: request.ip,
          body: request.body,
          headers: webRequest.headers,
        });
        if ('refusal' in attempt) {
          logSignIn(request, attempt.refusal.status);
          const { status, code, message, retryAfterS } = attempt.refusal;
          if (retryAfterS) reply.header('retry-after', String(retryAfterS));
          return reply.status(status).send({ code, message, error: { code, message } });
        }
        const response = await auth.handler(webRequest);
        logSignIn(request, response.status);
        const body = response.body ? Buffer.from(await response.arrayBuffer()) : null;
        await attempt.settle(response.status, body);
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
