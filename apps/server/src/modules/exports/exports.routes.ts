import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { queryRequestOf } from '../auth/actor.ts';
import { accountantExport } from './exports.service.ts';
import { yearEndPack } from './year-end-pack.ts';

/** The accountant's exports: a CSV in a product's import format, or the year-end pack as a zip; both streamed. */
export function exportsRoutes(context: AppContext) {
  const { db, auth, env, files, logger } = context;
  return async (app: FastifyInstance) => {
    app.get('/api/admin/exports/csv', async (request, reply) => {
      const file = await accountantExport({ db, currency: env.BUSINESS_CURRENCY }, await queryRequestOf(auth, request));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(file.lines));
    });
    app.get('/api/admin/exports/year-end-pack', async (request, reply) => {
      const pack = await yearEndPack({ db, env, files }, await queryRequestOf(auth, request));
      pack.stream.on('error', (error) => logger.error({ err: error }, 'the year-end pack stopped part way'));
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${pack.filename}"`)
        .header('cache-control', 'no-store')
        .send(pack.stream);
    });
  };
}
