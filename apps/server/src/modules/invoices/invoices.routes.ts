import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { actorOf } from '../auth/actor.ts';
import { invoicePdf, sendInvoice } from './invoice-documents.service.ts';
import { createInvoice, createInvoiceFromBooking, deleteInvoice, updateInvoice } from './invoice-drafts.service.ts';
import { issueCreditNote, issueInvoice } from './invoice-issue.service.ts';
import { recordInvoicePayment, recordInvoiceRefund } from './invoice-payments.service.ts';
import {
  getInvoice,
  getInvoiceSettings,
  listBillableBookings,
  listInvoices,
  updateInvoiceSettings,
} from './invoices.service.ts';

type IdParams = { Params: { id: string } };

export function invoicesRoutes(context: AppContext) {
  const { db, auth, env, outbox, files } = context;
  const deps = { db, env, outbox, files };
  return async (app: FastifyInstance) => {
    app.get('/api/admin/invoices', async (request) =>
      listInvoices(deps, { actor: await actorOf(auth, request), query: request.query }),
    );
    app.get('/api/admin/invoices/settings', async (request) =>
      getInvoiceSettings(deps, { actor: await actorOf(auth, request) }),
    );
    app.put('/api/admin/invoices/settings', async (request) =>
      updateInvoiceSettings(deps, { actor: await actorOf(auth, request), input: request.body }),
    );
    app.get('/api/admin/invoices/billable-bookings', async (request) =>
      listBillableBookings(deps, { actor: await actorOf(auth, request) }),
    );
    app.post('/api/admin/invoices', async (request, reply) =>
      reply.status(201).send(await createInvoice(deps, { actor: await actorOf(auth, request), input: request.body })),
    );
    app.post<{ Params: { bookingId: string } }>('/api/admin/invoices/from-booking/:bookingId', async (request, reply) =>
      reply.status(201).send(
        await createInvoiceFromBooking(deps, {
          actor: await actorOf(auth, request),
          bookingId: request.params.bookingId,
        }),
      ),
    );
    app.get<IdParams>('/api/admin/invoices/:id', async (request) =>
      getInvoice(deps, { actor: await actorOf(auth, request), id: request.params.id }),
    );
    app.patch<IdParams>('/api/admin/invoices/:id', async (request) =>
      updateInvoice(deps, { actor: await actorOf(auth, request), id: request.params.id, input: request.body }),
    );
    app.delete<IdParams>('/api/admin/invoices/:id', async (request, reply) => {
      await deleteInvoice(deps, { actor: await actorOf(auth, request), id: request.params.id });
      return reply.status(204).send();
    });
    app.post<IdParams>('/api/admin/invoices/:id/issue', async (request) =>
      issueInvoice(deps, { actor: await actorOf(auth, request), id: request.params.id, input: request.body }),
    );
    app.post<IdParams>('/api/admin/invoices/:id/payments', async (request, reply) =>
      reply.status(201).send(
        await recordInvoicePayment(deps, {
          actor: await actorOf(auth, request),
          id: request.params.id,
          input: request.body,
        }),
      ),
    );
    app.post<IdParams>('/api/admin/invoices/:id/credit-note', async (request, reply) =>
      reply.status(201).send(
        await issueCreditNote(deps, {
          actor: await actorOf(auth, request),
          id: request.params.id,
          input: request.body,
        }),
      ),
    );
    app.post<IdParams>('/api/admin/invoices/:id/refunds', async (request, reply) =>
      reply.status(201).send(
        await recordInvoiceRefund(deps, {
          actor: await actorOf(auth, request),
          id: request.params.id,
          input: request.body,
        }),
      ),
    );
    app.get<IdParams>('/api/admin/invoices/:id/pdf', async (request, reply) => {
      const { bytes, filename } = await invoicePdf(deps, {
        actor: await actorOf(auth, request),
        id: request.params.id,
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(bytes);
    });
    app.post<IdParams>('/api/admin/invoices/:id/send', async (request) =>
      sendInvoice(deps, { actor: await actorOf(auth, request), id: request.params.id }),
    );
  };
}
