import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { actorOf, inputRequestOf, rowRequestOf } from '../auth/actor.ts';
import { addOutsideCalendar, listOutsideCalendars, removeOutsideCalendar } from './outside-calendars.service.ts';

export function calendarsRoutes(context: AppContext) {
  const { auth } = context;
  return async (app: FastifyInstance) => {
    app.get('/api/admin/outside-calendars', async (request) =>
      listOutsideCalendars(context, { actor: await actorOf(auth, request) }),
    );
    app.post('/api/admin/outside-calendars', async (request, reply) =>
      reply.status(201).send(await addOutsideCalendar(context, await inputRequestOf(auth, request))),
    );
    app.delete<{ Params: { id: string } }>('/api/admin/outside-calendars/:id', async (request, reply) => {
      await removeOutsideCalendar(context, await rowRequestOf(auth, request));
      return reply.status(204).send();
    });
  };
}
