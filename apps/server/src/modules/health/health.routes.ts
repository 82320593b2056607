import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { type DatabaseAnswer, databaseCheck } from './health.service.ts';

export function healthRoutes({ db }: AppContext) {
  const databaseReachable = databaseCheck(db);
  const answer = (request: FastifyRequest, reply: FastifyReply, found: DatabaseAnswer) => {
    if (!found) return reply.send({ status: 'ok', database: 'ok' });
    request.log.error({ err: found.error }, 'health check: database unreachable');
    return reply.status(503).send({ status: 'unavailable', database: 'unreachable' });
  };
  return async (app: FastifyInstance) => {
    // Not an async handler: most answers are already known, and are sent without a promise.
    app.get('/api/health', { config: { rateLimit: false } }, (request, reply) => {
      const found = databaseReachable();
      if (found instanceof Promise) found.then((settled) => answer(request, reply, settled));
      else answer(request, reply, found);
    });
  };
}
