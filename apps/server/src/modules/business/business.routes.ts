import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { actorOf, inputRequestOf } from '../auth/actor.ts';
import { dismissSetup, readBusinessDetails, setupStatus, updateBusinessDetails } from './business.service.ts';

export function businessRoutes(context: AppContext) {
  const { db, env, auth } = context;
  return async (app: FastifyInstance) => {
    app.get('/api/admin/business', async (request) =>
      readBusinessDetails({ db, env }, { actor: await actorOf(auth, request) }),
    );
    app.put('/api/admin/business', async (request) =>
      updateBusinessDetails({ db, env }, await inputRequestOf(auth, request)),
    );
    app.get('/api/admin/setup', async (request) => setupStatus({ db, env }, { actor: await actorOf(auth, request) }));
    app.post('/api/admin/setup/dismiss', async (request, reply) => {
      await dismissSetup(db, { actor: await actorOf(auth, request) });
      return reply.status(204).send();
    });
  };
}
