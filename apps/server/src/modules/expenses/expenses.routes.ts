import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app.ts';

export function expensesRoutes(_context: AppContext) {
  return async (_app: FastifyInstance) => {};
}
