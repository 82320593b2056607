import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { hasSensualFlag } from '../../lib/sensual-flag.ts';
import { actorOf, inputRequestOf, queryRequestOf, rowInputRequestOf, rowRequestOf } from '../auth/actor.ts';
import { claimOffer, getOffer } from './claim-offer.ts';
import {
  adminWaitlistOfDay,
  getMyWaitlistEntry,
  joinWaitlist,
  leaveWaitlist,
  listMyWaitlist,
  offerTimeByHand,
  readWaitlistSettings,
  updateWaitlistSettings,
} from './waitlist.service.ts';

type IdParams = { Params: { id: string } };

export function waitlistRoutes(context: AppContext) {
  const { db, auth } = context;
  return async (app: FastifyInstance) => {
    app.get('/api/waitlist', async (request) => listMyWaitlist(context, { actor: await actorOf(auth, request) }));
    app.post('/api/waitlist', async (request, reply) =>
      reply.status(201).send(
        await joinWaitlist(context, {
          actor: await actorOf(auth, request),
          input: request.body,
          showSensual: hasSensualFlag(request),
        }),
      ),
    );
    app.get<IdParams>('/api/waitlist/:id', async (request) =>
      getMyWaitlistEntry(context, await rowRequestOf(auth, request)),
    );
    app.delete<IdParams>('/api/waitlist/:id', async (request, reply) => {
      await leaveWaitlist(context, await rowRequestOf(auth, request));
      return reply.status(204).send();
    });
    app.get<IdParams>('/api/waitlist/offers/:id', async (request) =>
      getOffer(context, await rowRequestOf(auth, request)),
    );
    app.post<IdParams>('/api/waitlist/offers/:id/claim', async (request, reply) => {
      const result = await claimOffer(context, await rowInputRequestOf(auth, request));
      return reply.status(result.created ? 201 : 200).send(result.booking);
    });

    app.get('/api/admin/waitlist', async (request) => adminWaitlistOfDay(context, await queryRequestOf(auth, request)));
    app.post<IdParams>('/api/admin/waitlist/:id/offers', async (request, reply) =>
      reply.status(201).send(await offerTimeByHand(context, await rowInputRequestOf(auth, request))),
    );
    app.get('/api/admin/waitlist-settings', async (request) =>
      readWaitlistSettings(db, { actor: await actorOf(auth, request) }),
    );
    app.put('/api/admin/waitlist-settings', async (request) =>
      updateWaitlistSettings(db, await inputRequestOf(auth, request)),
    );
  };
}
