import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { actorOf, inputRequestOf, rowRequestOf } from '../auth/actor.ts';
import { publicUrlOf } from '../auth/auth.ts';
import {
  createBlock,
  createOverride,
  deleteBlock,
  deleteOverride,
  listBlocks,
  listOverrides,
  readBookingRules,
  updateBookingRules,
} from './availability.service.ts';
import { availabilityCalendar, createFeed, feedCalendar, listFeeds, revokeFeed } from './calendar.service.ts';

type IdParams = { Params: { id: string } };

export function availabilityRoutes(context: AppContext) {
  const { db, env, auth } = context;
  return async (app: FastifyInstance) => {
    app.get('/api/admin/booking-rules', async (request) =>
      readBookingRules(db, { actor: await actorOf(auth, request), timeZone: env.BUSINESS_TIME_ZONE }),
    );
    app.patch('/api/admin/booking-rules', async (request) =>
      updateBookingRules(db, {
        actor: await actorOf(auth, request),
        input: request.body,
        timeZone: env.BUSINESS_TIME_ZONE,
      }),
    );
    app.get('/api/admin/overrides', async (request) =>
      listOverrides(db, { actor: await actorOf(auth, request), timeZone: env.BUSINESS_TIME_ZONE }),
    );
    app.post('/api/admin/overrides', async (request, reply) =>
      reply.status(201).send(await createOverride(db, await inputRequestOf(auth, request))),
    );
    app.delete<IdParams>('/api/admin/overrides/:id', async (request, reply) => {
      await deleteOverride(db, await rowRequestOf(auth, request));
      return reply.status(204).send();
    });
    app.get('/api/admin/blocks', async (request) => listBlocks(db, { actor: await actorOf(auth, request) }));
    app.post('/api/admin/blocks', async (request, reply) =>
      reply.status(201).send(await createBlock(db, await inputRequestOf(auth, request))),
    );
    app.delete<IdParams>('/api/admin/blocks/:id', async (request, reply) => {
      await deleteBlock(db, await rowRequestOf(auth, request));
      return reply.status(204).send();
    });

    app.get('/api/availability/calendar', async (request) =>
      availabilityCalendar(db, {
        timeZone: env.BUSINESS_TIME_ZONE,
        actor: await actorOf(auth, request),
        query: request.query,
      }),
    );
    app.get('/api/calendar-feeds', async (request) => ({
      feeds: await listFeeds(db, { actor: await actorOf(auth, request) }),
    }));
    app.post('/api/calendar-feeds', async (request, reply) =>
      reply
        .status(201)
        .send(await createFeed(db, { actor: await actorOf(auth, request), publicUrl: publicUrlOf(env) })),
    );
    app.delete<IdParams>('/api/calendar-feeds/:id', async (request, reply) => {
      await revokeFeed(db, await rowRequestOf(auth, request));
      return reply.status(204).send();
    });
    // Calendar apps fetch this without cookies: the unguessable token is the credential.
    app.get<{ Params: { file: string } }>('/api/calendar-feeds/:file', async (request, reply) => {
      const token = request.params.file.replace(/\.ics$/, '');
      const ics = await feedCalendar(db, {
        timeZone: env.BUSINESS_TIME_ZONE,
        token,
        business: { name: env.BUSINESS_NAME, domain: new URL(publicUrlOf(env)).hostname },
      });
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .send(ics);
    });
  };
}
