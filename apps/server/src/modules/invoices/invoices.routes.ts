import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { actorOf, inputRequestOf, queryRequestOf, rowInputRequestOf } from '../auth/actor.ts';
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
  /** Who asks, the invoice the address names, and the body: the request of every verb on one invoice. */
  const asked = async (request: FastifyRequest<IdParams>) => await rowInputRequestOf(auth, request);
  return async (app: FastifyInstance) => {
    app.get('/api/admin/invoices', async (request) => listInvoices(deps, await queryRequestOf(auth, request)));
    app.get('/api/admin/invoices/settings', async (request) =>
      getInvoiceSettings(deps, { actor: await actorOf(auth, request) }),
    );
    app.put('/api/admin/invoices/settings', async (request) =>
      updateInvoiceSettings(deps, await inputRequestOf(auth, request)),
    );
    app.get('/api/admin/invoices/billable-bookings', async (request) =>
      listBillableBookings(deps, { actor: await actorOf(auth, request) }),
    );
    app.post('/api/admin/invoices', async (request, reply) =>
      reply.status(201).send(await createInvoice(deps, await inputRequestOf(auth, request))),
    );
    app.post<{ Params: { bookingId: string } }>('/api/admin/invoices/from-booking/:bookingId', async (request, reply) =>
      reply.status(201).send(
        await createInvoiceFromBooking(deps, {
          actor: await actorOf(auth, request),
          bookingId: request.params.bookingId,
        }),
      ),
    );
    app.get<IdParams>('/api/admin/invoices/:id', async (request) => getInvoice(deps, await asked(request)));
    app.patch<IdParams>('/api/admin/invoices/:id', async (request) => updateInvoice(deps, await asked(request)));
    app.delete<IdParams>('/api/admin/invoices/:id', async (request, reply) => {
      await deleteInvoice(deps, await asked(request));
      return reply.status(204).send();
    });
    app.post<IdParams>('/api/admin/invoices/:id/issue', async (request) => issueInvoice(deps, await asked(request)));
    app.post<IdParams>('/api/admin/invoices/:id/payments', async (request, reply) =>
      reply.status(201).send(await recordInvoicePayment(deps, await asked(request))),
    );
    app.post<IdParams>('/api/admin/invoices/:id/credit-note', async (request, reply) =>
      reply.status(201).send(await issueCreditNote(deps, await asked(request))),
    );
    app.post<IdParams>('/api/admin/invoices/:id/refunds', async (request, reply) =>
      reply.status(201).send(await recordInvoiceRefund(deps, await asked(request))),
    );
    app.get<IdParams>('/api/admin/invoices/:id/pdf', async (request, reply) => {
      const { bytes, filename } = await invoicePdf(deps, await asked(request));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(bytes);
    });
    app.post<IdParams>('/api/admin/invoices/:id/send', async (request) => sendInvoice(deps, await asked(request)));
  };
}
