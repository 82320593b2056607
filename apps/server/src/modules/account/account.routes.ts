import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { actorOf } from '../auth/actor.ts';
import type { Auth } from '../auth/auth.ts';
import { deleteMyAccount, exportMyData, listMyDevices, signOutMyDevice } from './account.service.ts';

export function accountRoutes(context: AppContext) {
  const { db, auth, env } = context;
  return async (app: FastifyInstance) => {
    app.get('/api/account/export', async (request, reply) => {
      const data = await exportMyData(db, { actor: await actorOf(auth, request), recordsKey: context.recordsKey });
      return reply
        .header('content-disposition', 'attachment; filename="my-data.json"')
        .header('cache-control', 'no-store')
        .send(data);
    });

    app.get('/api/account/devices', async (request) => ({
      devices: await listMyDevices(db, { actor: await actorOf(auth, request), locale: env.BUSINESS_LOCALE }),
    }));

    app.delete('/api/account/devices/:id', async (request, reply) => {
      await signOutMyDevice(db, { actor: await actorOf(auth, request), params: request.params });
      return reply.status(204).send();
    });

    app.post('/api/account/delete', async (request, reply) => {
      await deleteMyAccount(db, { actor: await actorOf(auth, request), input: request.body ?? {} });
      // The session row is gone with the account; the cookies go too, each cleared with the very
      // attributes it was set with (a cookie set Secure is only replaced by a Secure one).
      reply.header('set-cookie', await clearingCookies(auth));
      return { deleted: true };
    });
  };
}

/** Set-Cookie lines that expire better-auth's session cookies, with the name and attributes it sets them with. */
async function clearingCookies(auth: Auth): Promise<string[]> {
  const { authCookies } = await auth.$context;
  return [authCookies.sessionToken, authCookies.sessionData, authCookies.dontRememberToken].map(
    ({ name, attributes }) =>
      [
        `${name}=`,
        'Max-Age=0',
        `Path=${attributes.path ?? '/'}`,
        ...(attributes.domain ? [`Domain=${attributes.domain}`] : []),
        ...(attributes.httpOnly ? ['HttpOnly'] : []),
        ...(attributes.secure ? ['Secure'] : []),
        ...(attributes.sameSite ? [`SameSite=${capitalise(String(attributes.sameSite))}`] : []),
      ].join('; '),
  );
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}
