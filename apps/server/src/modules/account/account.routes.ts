import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app.ts';
import { actorOf } from '../auth/actor.ts';
import { deleteMyAccount, exportMyData } from './account.service.ts';

export function accountRoutes(context: AppContext) {
  const { db, auth } = context;
  return async (app: FastifyInstance) => {
    app.get('/api/account/export', async (request, reply) => {
      const data = await exportMyData(db, { actor: await actorOf(auth, request) });
      return reply
        .header('content-disposition', 'attachment; filename="my-data.json"')
        .header('cache-control', 'no-store')
        .send(data);
    });

    app.post('/api/account/delete', async (request, reply) => {
      await deleteMyAccount(db, { actor: await actorOf(auth, request), input: request.body ?? {} });
      // The session row is gone with the account; the cookies go too.
      reply.header(
        'set-cookie',
        ['better-auth.session_token', '__Secure-better-auth.session_token'].map(
          (name) => `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`,
        ),
      );
      return { deleted: true };
    });
  };
}
