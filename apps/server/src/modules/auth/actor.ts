import { AppError, type Role, roleOf } from '@app/shared';
import type { FastifyInstance, FastifyRequest, preParsingHookHandler, RouteHandlerMethod } from 'fastify';
import { type Auth, SECOND_FACTOR_REQUIRED_MESSAGE, sessionHasSecondFactor } from './auth.ts';

/** Who is calling: what every service function is given to decide what they may do. */
export type Actor = {
  id: string;
  role: Role;
  email: string;
  name: string;
  phone: string | null;
  /** false for a session without a second factor (authenticator app, or made by a passkey); set by actorOf (services called directly leave it out). */
  secondFactor?: boolean;
};

/**
 * What a service is called with, from a route, the CLI or a job: who is asking, and what they sent as it came (the
 * service parses it): a body, the id of the row named in the path, or a query string.
 */
export type InputRequest = { actor: Actor | null; input: unknown };
export type RowRequest = { actor: Actor | null; id: string };
export type RowInputRequest = { actor: Actor | null; id: string; input: unknown };
export type QueryRequest = { actor: Actor | null; query: unknown };

/** One session lookup per request: the owner guard asks first, the route's service asks again. */
const actorsOfRequests = new WeakMap<FastifyRequest, Promise<Actor | null>>();

export function actorOf(auth: Auth, request: FastifyRequest): Promise<Actor | null> {
  let actor = actorsOfRequests.get(request);
  if (!actor) {
    actor = lookUpActor(auth, request);
    actorsOfRequests.set(request, actor);
  }
  return actor;
}

/** A thin route's call of its service: who is asking, with the body they sent. */
export async function inputRequestOf(auth: Auth, request: FastifyRequest): Promise<InputRequest> {
  return { actor: await actorOf(auth, request), input: request.body };
}

/** The same for the row whose id is in the path. */
export async function rowRequestOf(
  auth: Auth,
  request: FastifyRequest<{ Params: { id: string } }>,
): Promise<RowRequest> {
  return { actor: await actorOf(auth, request), id: request.params.id };
}

/** The same for a change to the row whose id is in the path, with the body they sent. */
export async function rowInputRequestOf(
  auth: Auth,
  request: FastifyRequest<{ Params: { id: string } }>,
): Promise<RowInputRequest> {
  return { actor: await actorOf(auth, request), id: request.params.id, input: request.body };
}

/** The same for a list or a report: who is asking, with the query string. */
export async function queryRequestOf(auth: Auth, request: FastifyRequest): Promise<QueryRequest> {
  return { actor: await actorOf(auth, request), query: request.query };
}

async function lookUpActor(auth: Auth, request: FastifyRequest): Promise<Actor | null> {
  // Sessions travel only in the cookie: a visitor without one is nobody, without asking better-auth.
  if (!request.headers.cookie) return null;
  const headers = new Headers();
  headers.set('cookie', request.headers.cookie);
  const session = await auth.api.getSession({ headers });
  if (!session) return null;
  const user = session.user as typeof session.user & {
    role?: string;
    phone?: string | null;
    twoFactorEnabled?: boolean | null;
  };
  return {
    id: user.id,
    role: roleOf(user),
    email: user.email,
    name: user.name,
    phone: user.phone ?? null,
    secondFactor: sessionHasSecondFactor(user, session.session as { viaPasskey?: boolean | null }),
  };
}

export function requireSignedIn(actor: Actor | null): Actor {
  if (!actor) throw new AppError('UNAUTHENTICATED', 'Please sign in first.');
  return actor;
}

export function requireRole(actor: Actor | null, ...roles: Role[]): Actor {
  const signedIn = requireSignedIn(actor);
  if (!roles.includes(signedIn.role)) throw new AppError('FORBIDDEN', 'You do not have access to this.');
  // Every owner-only (and lodger-shared) route passes here: an admin must have enrolled a second factor first.
  if (signedIn.role === 'admin' && signedIn.secondFactor === false)
    throw new AppError('SECOND_FACTOR_REQUIRED', SECOND_FACTOR_REQUIRED_MESSAGE);
  return signedIn;
}

/**
 * Every route under the owner's prefix is the owner's alone: the caller's rights are checked before the body is
 * read or validated, so a refused caller learns nothing of what the route expects. After the rate limit and the
 * origin guard (onRequest), so refused callers are still counted. The services check again (they are also called
 * from the CLI and jobs).
 */
export const OWNER_PREFIX = '/api/admin/';

/**
 * The owner guard, a `preParsing` hook given to each route under the prefix as it is declared (call before any
 * route), and to the prefix's own not-found answer, so an unknown path there is refused alike before it is a 404.
 * Other requests have no `preParsing` hook at all, and Fastify skips the phase for them: as one hook for every
 * request, it cost /api/health about 1.3 µs of its 25 (issue 27).
 */
export function registerOwnerGuard(app: FastifyInstance, auth: Auth, notFound: RouteHandlerMethod) {
  const guard: preParsingHookHandler = (request, _reply, payload, done) => {
    // The prefix's not-found answer also serves `/api/admin` itself, which is not the owner's.
    if (!request.url.startsWith(OWNER_PREFIX)) return done(null, payload);
    actorOf(auth, request)
      .then((actor) => requireRole(actor, 'admin'))
      .then(() => done(null, payload), done);
  };
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(OWNER_PREFIX)) route.preParsing = [route.preParsing ?? []].flat().concat(guard);
  });
  app.register(
    async (scope) => {
      scope.addHook('preParsing', guard);
      scope.setNotFoundHandler(notFound);
    },
    { prefix: OWNER_PREFIX.slice(0, -1) },
  );
}

/** An admin who may use the owner's powers: one without a second factor counts as an ordinary signed-in person. */
export function actsAsOwner(actor: Actor): boolean {
  return actor.role === 'admin' && actor.secondFactor !== false;
}
