import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { actorOf, queryRequestOf } from '../auth/actor.ts';
import { analyticsSpan, bookingsOverTime, byService, clientsOverTime, outcomes } from './analytics.service.ts';
import { heatmap, leadTime, occupancy } from './analytics-time.service.ts';

/** One endpoint per chart, so each is measured and cached on its own. */
const charts = {
  'bookings-over-time': bookingsOverTime,
  'by-service': byService,
  occupancy,
  outcomes,
  clients: clientsOverTime,
  'lead-time': leadTime,
  heatmap,
} as const;

export function analyticsRoutes(context: AppContext) {
  const { db, auth, env } = context;
  const deps = { db, timeZone: env.BUSINESS_TIME_ZONE };
  return async (app: FastifyInstance) => {
    for (const [path, chart] of Object.entries(charts))
      app.get(`/api/admin/analytics/${path}`, async (request) => chart(deps, await queryRequestOf(auth, request)));
    app.get('/api/admin/analytics/span', async (request) =>
      analyticsSpan(deps, { actor: await actorOf(auth, request) }),
    );
  };
}
