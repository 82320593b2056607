import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { readPublicConfig } from './config.service.ts';

export function configRoutes(context: AppContext) {
  const { db, env } = context;
  return async (app: FastifyInstance) => {
    // Read per request: the owner changes opening hours and rules from the back office.
    app.get('/api/config', { config: { etag: true } }, async (_request, reply) => {
      // Revalidated each time (the owner's new phone number shows at once); unchanged, it comes back as a 304.
      reply.header('cache-control', 'no-cache');
      return readPublicConfig({ db, env });
    });
  };
}
