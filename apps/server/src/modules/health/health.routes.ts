import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { databaseCheck } from './health.service.ts';

export function healthRoutes({ db }: AppContext) {
  const databaseReachable = databaseCheck(db);
  return async (app: FastifyInstance) => {
    app.get('/api/health', { config: { rateLimit: false } }, async (request, reply) => {
      const error = await databaseReachable();
      if (!error) return { status: 'ok', database: 'ok' };
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply.status(503).send({ status: 'unavailable', database: 'unreachable' });
    });
  };
}
