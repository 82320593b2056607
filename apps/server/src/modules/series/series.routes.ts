import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { actorOf, inputRequestOf, rowInputRequestOf } from '../auth/actor.ts';
import { cancelSeries, createSeries, getBookingSeries, listMySeries, moveSeries } from './series.service.ts';
import { previewSeries } from './series-preview.ts';

type IdParams = { Params: { id: string } };

/** Standing appointments: the owner's series of bookings, and a client's view of their own. */
export function seriesRoutes(context: AppContext) {
  const { auth } = context;
  return async (app: FastifyInstance) => {
    app.get('/api/series', async (request) => listMySeries(context, { actor: await actorOf(auth, request) }));

    app.post('/api/admin/series/preview', async (request) =>
      previewSeries(context, await inputRequestOf(auth, request)),
    );
    app.post('/api/admin/series', async (request, reply) =>
      reply.status(201).send(await createSeries(context, await inputRequestOf(auth, request))),
    );
    app.post<IdParams>('/api/admin/series/:id/cancel', async (request) =>
      cancelSeries(context, await rowInputRequestOf(auth, request)),
    );
    app.post<IdParams>('/api/admin/series/:id/move', async (request) =>
      moveSeries(context, await rowInputRequestOf(auth, request)),
    );
    app.get<IdParams>('/api/admin/bookings/:id/series', async (request) =>
      getBookingSeries(context, { actor: await actorOf(auth, request), bookingId: request.params.id }),
    );
  };
}
