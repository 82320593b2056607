import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { actorOf } from '../auth/actor.ts';
import { invoicePdf, sendInvoice } from './invoice-documents.service.ts';
import {
  createInvoice,
  createInvoiceFromBooking,
  deleteInvoice,
  getInvoice,
  getInvoiceSettings,
  issueCreditNote,
  issueInvoice,
  listBillableBookings,
  listInvoices,
  recordInvoicePayment,
  recordInvoiceRefund,
  updateInvoice,
  updateInvoiceSettings,
} from './invoices.service.ts';

type IdParams = { Params: { id: string } };

export function invoicesRoutes(context: AppContext) {
  const { db, auth, env, outbox, files } = context;
  return async (app: FastifyInstance) => {
    app.get('/api/admin/invoices', async (request) =>
      listInvoices(db, await actorOf(auth, request), request.query, env),
    );
    app.get('/api/admin/invoices/settings', async (request) => getInvoiceSettings(db, await actorOf(auth, request)));
    app.put('/api/admin/invoices/settings', async (request) =>
      updateInvoiceSettings(db, await actorOf(auth, request), request.body),
    );
    app.get('/api/admin/invoices/billable-bookings', async (request) =>
      listBillableBookings(db, await actorOf(auth, request)),
    );
    app.post('/api/admin/invoices', async (request, reply) =>
      reply.status(201).send(await createInvoice(db, await actorOf(auth, request), request.body, env)),
    );
    app.post<{ Params: { bookingId: string } }>('/api/admin/invoices/from-booking/:bookingId', async (request, reply) =>
      reply
        .status(201)
        .send(await createInvoiceFromBooking(db, await actorOf(auth, request), request.params.bookingId, env)),
    );
    app.get<IdParams>('/api/admin/invoices/:id', async (request) =>
      getInvoice(db, await actorOf(auth, request), request.params.id, env),
    );
    app.patch<IdParams>('/api/admin/invoices/:id', async (request) =>
      updateInvoice(db, await actorOf(auth, request), request.params.id, request.body, env),
    );
    app.delete<IdParams>('/api/admin/invoices/:id', async (request, reply) => {
      await deleteInvoice(db, await actorOf(auth, request), request.params.id);
      return reply.status(204).send();
    });
    app.post<IdParams>('/api/admin/invoices/:id/issue', async (request) =>
      issueInvoice(db, await actorOf(auth, request), request.params.id, request.body, env),
    );
    app.post<IdParams>('/api/admin/invoices/:id/payments', async (request, reply) =>
      reply
        .status(201)
        .send(await recordInvoicePayment(db, await actorOf(auth, request), request.params.id, request.body, env)),
    );
    app.post<IdParams>('/api/admin/invoices/:id/credit-note', async (request, reply) =>
      reply
        .status(201)
        .send(await issueCreditNote(db, await actorOf(auth, request), request.params.id, request.body, env)),
    );
    app.post<IdParams>('/api/admin/invoices/:id/refunds', async (request, reply) =>
      reply
        .status(201)
        .send(await recordInvoiceRefund(db, await actorOf(auth, request), request.params.id, request.body, env)),
    );
    app.get<IdParams>('/api/admin/invoices/:id/pdf', async (request, reply) => {
      const { bytes, filename } = await invoicePdf(db, await actorOf(auth, request), request.params.id, env, files);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(bytes);
    });
    app.post<IdParams>('/api/admin/invoices/:id/send', async (request) =>
      sendInvoice(db, outbox, await actorOf(auth, request), request.params.id, env, files),
    );
  };
}
