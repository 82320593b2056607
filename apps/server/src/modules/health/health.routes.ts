import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';

/** How long one answer from the database stands for this instance's health. */
const CHECK_EVERY_MS = 1000;

export function healthRoutes({ db }: AppContext) {
  // A load balancer may ask many times a second: the database is asked at most once a second per instance, and
  // the askers of that second share its answer. This instance's own connection is all it says anything about.
  let last: { at: number; check: Promise<unknown> } | undefined;
  const databaseReachable = () => {
    if (!last || Date.now() - last.at >= CHECK_EVERY_MS) {
      last = {
        at: Date.now(),
        // The error when unreachable, null when answered.
        check: db.execute(sql`select 1`).then(
          () => null,
          (error: unknown) => error,
        ),
      };
    }
    return last.check;
  };
  return async (app: FastifyInstance) => {
    app.get('/api/health', { config: { rateLimit: false } }, async (request, reply) => {
      const error = await databaseReachable();
      if (!error) return { status: 'ok', database: 'ok' };
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply.status(503).send({ status: 'unavailable', database: 'unreachable' });
    });
  };
}
