import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { etagOf } from '../../lib/etag.ts';
import { hasSensualFlag } from '../../lib/sensual-flag.ts';
import { sharedReads } from '../../lib/shared-read.ts';
import { actorOf, rowInputRequestOf } from '../auth/actor.ts';
import { listAllServices, listPublicServices, updateService } from './services.service.ts';

export function servicesRoutes({ db, auth }: AppContext) {
  // The visitors who ask within a second share one read of the catalogue, and its text and ETag (decision 049):
  // the short caching a list changed a few times a year can take. A change made here shows at once.
  const catalogue = sharedReads(
    async (audience) => {
      const json = JSON.stringify({ services: await listPublicServices(db, { showSensual: audience === 'sensual' }) });
      return { json, etag: etagOf(json) };
    },
    { keepForMs: 1000 },
  );
  return async (app: FastifyInstance) => {
    app.get('/api/services', { config: { etag: true } }, async (request, reply) => {
      // The answer depends on the discretion cookie: shared caches must not mix the two. Revalidated each time;
      // unchanged, it comes back as an empty 304.
      reply.header('vary', 'cookie').header('cache-control', 'private, no-cache');
      const answer = await catalogue(hasSensualFlag(request) ? 'sensual' : 'public');
      return reply.header('etag', answer.etag).type('application/json; charset=utf-8').send(answer.json);
    });
    app.get('/api/admin/services', async (request) => ({
      services: await listAllServices(db, { actor: await actorOf(auth, request) }),
    }));
    app.patch<{ Params: { id: string } }>('/api/admin/services/:id', async (request) => {
      const updated = await updateService(db, await rowInputRequestOf(auth, request));
      catalogue.forget();
      return updated;
    });
  };
}
