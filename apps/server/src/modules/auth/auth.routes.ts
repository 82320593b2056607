import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { CLIENT_IP_HEADER } from './auth.ts';
import { answerAuthCall } from './auth-bridge.ts';
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
        const answer = await answerAuthCall(
          { auth, db },
          {
            request: webRequest,
            call: {
              method: request.method,
              path: request.url.split('?')[0] ?? '',
              ip: request.ip,
              body: request.body,
              headers: webRequest.headers,
            },
          },
        );
        logSignIn(request, answer.status);
        reply.status(answer.status);
        for (const [name, value] of answer.headers) reply.header(name, value);
        if (answer.cookies.length) reply.header('set-cookie', answer.cookies);
        if (answer.contentType) reply.type(answer.contentType);
        return reply.send(answer.body);
      },
    });
  };
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
