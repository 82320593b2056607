import { SENSUAL_FLAG } from '@app/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { actorOf } from '../auth/actor.ts';
import type { Auth } from '../auth/auth.ts';
import { listAllServices, listPublicServices, updateService } from './services.service.ts';

export function hasSensualFlag(request: FastifyRequest): boolean {
  const cookie = request.headers.cookie ?? '';
  return cookie.split(';').some((part) => part.trim() === `${SENSUAL_FLAG}=true`);
}

export function servicesRoutes(db: Db, auth: Auth) {
  return async (app: FastifyInstance) => {
    app.get('/api/services', async (request, reply) => {
      // The answer depends on the discretion cookie: shared caches must not mix the two.
      reply.header('vary', 'cookie').header('cache-control', 'private, no-cache');
      return { services: await listPublicServices(db, { showSensual: hasSensualFlag(request) }) };
    });
    app.get('/api/admin/services', async (request) => ({
      services: await listAllServices(db, await actorOf(auth, request)),
    }));
    app.patch<{ Params: { id: string } }>('/api/admin/services/:id', async (request) =>
      updateService(db, await actorOf(auth, request), request.params.id, request.body),
    );
  };
}
