import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { queryRequestOf } from '../auth/actor.ts';
import { cashReport, profitAndLoss, vatReport, yearEndSummary } from './finances.service.ts';
import { type CsvFile, cashCsv, profitAndLossCsv, vatCsv, yearEndCsv } from './finances-csv.ts';

const wantsCsv = (query: unknown) => (query as { format?: unknown } | null)?.format === 'csv';

function sendCsv(reply: FastifyReply, file: CsvFile) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .send(file.body);
}

/** Each report answers JSON, or with `format=csv` the same figures as a spreadsheet download. */
export function financesRoutes(context: AppContext) {
  const { db, auth, env } = context;
  return async (app: FastifyInstance) => {
    app.get('/api/admin/finances/profit-and-loss', async (request, reply) => {
      const report = await profitAndLoss(db, await queryRequestOf(auth, request));
      return wantsCsv(request.query) ? sendCsv(reply, profitAndLossCsv(report)) : report;
    });
    app.get('/api/admin/finances/vat', async (request, reply) => {
      const report = await vatReport(db, await queryRequestOf(auth, request));
      return wantsCsv(request.query) ? sendCsv(reply, vatCsv(report)) : report;
    });
    app.get('/api/admin/finances/cash', async (request, reply) => {
      const report = await cashReport(db, await queryRequestOf(auth, request));
      return wantsCsv(request.query) ? sendCsv(reply, cashCsv(report)) : report;
    });
    app.get('/api/admin/finances/year-end', async (request, reply) => {
      const report = await yearEndSummary(
        { db, timeZone: env.BUSINESS_TIME_ZONE },
        await queryRequestOf(auth, request),
      );
      return wantsCsv(request.query) ? sendCsv(reply, yearEndCsv(report)) : report;
    });
  };
}
