import { AppError, type Role, roleOf } from '@app/shared';
import type { FastifyRequest } from 'fastify';
import type { Auth } from './auth.ts';

/** Who is calling: what every service function is given to decide what they may do. */
export type Actor = { id: string; role: Role; email: string; name: string; phone: string | null };

export async function actorOf(auth: Auth, request: FastifyRequest): Promise<Actor | null> {
  const headers = new Headers();
  if (request.headers.cookie) headers.set('cookie', request.headers.cookie);
  const session = await auth.api.getSession({ headers });
  if (!session) return null;
  const user = session.user as typeof session.user & { role?: string; phone?: string | null };
  return { id: user.id, role: roleOf(user), email: user.email, name: user.name, phone: user.phone ?? null };
}

export function requireSignedIn(actor: Actor | null): Actor {
  if (!actor) throw new AppError('UNAUTHENTICATED', 'Please sign in first.');
  return actor;
}

export function requireRole(actor: Actor | null, ...roles: Role[]): Actor {
  const signedIn = requireSignedIn(actor);
  if (!roles.includes(signedIn.role)) throw new AppError('FORBIDDEN', 'You do not have access to this.');
  return signedIn;
}
