import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { hasSensualFlag } from '../../lib/sensual-flag.ts';
import { actorOf, inputRequestOf, rowInputRequestOf } from '../auth/actor.ts';
import { addOnTakeUp, createAddOn, listAllAddOns, listPublicAddOns, updateAddOn } from './add-ons.service.ts';
import { setBookingAddOns } from './booking-add-ons.service.ts';

type IdParams = { Params: { id: string } };

export function addOnsRoutes(context: AppContext) {
  const { db, auth, env } = context;
  return async (app: FastifyInstance) => {
    // What the booking funnel offers; an add-on only for sensual treatments needs the discretion cookie.
    app.get('/api/add-ons', async (request, reply) => {
      reply.header('vary', 'cookie').header('cache-control', 'private, no-cache');
      return { addOns: await listPublicAddOns(db, { showSensual: hasSensualFlag(request) }) };
    });
    app.get('/api/admin/add-ons', async (request) => ({
      addOns: await listAllAddOns(db, { actor: await actorOf(auth, request) }),
    }));
    app.post('/api/admin/add-ons', async (request, reply) =>
      reply.status(201).send(await createAddOn(db, await inputRequestOf(auth, request))),
    );
    app.patch<IdParams>('/api/admin/add-ons/:id', async (request) =>
      updateAddOn(db, await rowInputRequestOf(auth, request)),
    );
    app.get('/api/admin/add-ons/take-up', async (request) =>
      addOnTakeUp(db, { actor: await actorOf(auth, request), query: request.query, timeZone: env.BUSINESS_TIME_ZONE }),
    );
    app.put<IdParams>('/api/admin/bookings/:id/add-ons', async (request) =>
      setBookingAddOns(context, await rowInputRequestOf(auth, request)),
    );
  };
}
