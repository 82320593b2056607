import { firstRunStatusQuery } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { parseInput } from '../../lib/validation.ts';
import { setUpFirstAdmin, setupStatus } from './first-run.service.ts';

export function firstRunRoutes(context: AppContext) {
  const { db, env, auth } = context;
  return async (app: FastifyInstance) => {
    app.get('/api/setup/status', async (request) => {
      const { token } = parseInput(firstRunStatusQuery, request.query);
      return { status: await setupStatus(db, { token }) };
    });

    app.post('/api/setup', async (request, reply) => {
      const { user, signedIn, cookies } = await setUpFirstAdmin(
        { db, env, auth },
        { input: request.body, ip: request.ip, userAgent: request.headers['user-agent'] },
      );
      if (cookies.length) reply.header('set-cookie', cookies);
      return reply.status(201).send({ user, signedIn });
    });
  };
}
