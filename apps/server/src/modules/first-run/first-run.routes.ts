import { firstRunStatusQuery } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { parseInput } from '../../lib/validation.ts';
import { CLIENT_IP_HEADER } from '../auth/auth.ts';
import { createFirstAdmin, setupStatus } from './first-run.service.ts';

export function firstRunRoutes(context: AppContext) {
  const { db, env, auth } = context;
  return async (app: FastifyInstance) => {
    app.get('/api/setup/status', async (request) => {
      const { token } = parseInput(firstRunStatusQuery, request.query);
      return { status: await setupStatus(db, { token }) };
    });

    // Creates the first admin, then signs them in (their next stop is the second factor, required of an admin).
    app.post('/api/setup', async (request, reply) => {
      const created = await createFirstAdmin({ db, env }, { input: request.body });
      const { password } = request.body as { password: string };
      const headers = new Headers({ [CLIENT_IP_HEADER]: request.ip });
      const userAgent = request.headers['user-agent'];
      if (userAgent) headers.set('user-agent', userAgent);
      const signIn = await auth.api.signInEmail({
        body: { email: created.email, password },
        headers,
        asResponse: true,
      });
      const cookies = signIn.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      return reply.status(201).send({ user: created, signedIn: signIn.ok });
    });
  };
}
