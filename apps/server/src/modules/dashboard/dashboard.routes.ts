import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { actorOf, inputRequestOf } from '../auth/actor.ts';
import { hideBackupWarning } from './backup-warning.service.ts';
import { dashboard } from './dashboard.service.ts';

export function dashboardRoutes(context: AppContext) {
  const { db, auth, env } = context;
  return async (app: FastifyInstance) => {
    app.get('/api/admin/dashboard', async (request) =>
      dashboard(db, { timeZone: env.BUSINESS_TIME_ZONE, actor: await actorOf(auth, request) }),
    );
    app.post('/api/admin/dashboard/backup-warning/hide', async (request, reply) => {
      await hideBackupWarning(db, await inputRequestOf(auth, request));
      return reply.code(204).send();
    });
  };
}
