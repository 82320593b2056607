import { slotsQuery } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { parseInput } from '../../lib/validation.ts';
import { actorOf } from '../auth/actor.ts';
import { freeTimes } from '../availability/free-times.ts';
import { chargeNoShowFee } from '../payments/no-show-fee.ts';
import { requestOnlineRefund } from '../payments/online-refunds.ts';
import { recordBookingPayment, recordBookingRefund } from '../payments/payments.service.ts';
import { hasSensualFlag } from '../services/services.routes.ts';
import {
  getAdminBooking,
  listAdminBookings,
  setBookingOutcome,
  setPrivateNotes,
  toAdminBooking,
} from './admin-bookings.service.ts';
import {
  adminCancelBooking,
  adminMoveBooking,
  approvalRequired,
  bookingCalendarFile,
  cancelBooking,
  checkVoucherForBooking,
  createBooking,
  createPhoneBooking,
  decidePendingBooking,
  getMyBooking,
  listMyBookings,
  rescheduleBooking,
  restoreBooking,
  upfrontForClient,
} from './bookings.service.ts';

type IdParams = { Params: { id: string } };

export function bookingsRoutes(context: AppContext) {
  const { db, env, auth } = context;
  return async (app: FastifyInstance) => {
    app.get('/api/bookings/approval', async (request) =>
      approvalRequired(context, { actor: await actorOf(auth, request), query: request.query }),
    );
    app.get('/api/bookings/upfront', async (request) =>
      upfrontForClient(context, {
        actor: await actorOf(auth, request),
        query: request.query,
        showSensual: hasSensualFlag(request),
      }),
    );
    // What a gift voucher would pay towards this treatment, asked on the confirm step before booking.
    app.get('/api/vouchers/check', async (request) =>
      checkVoucherForBooking(context, {
        actor: await actorOf(auth, request),
        query: request.query,
        showSensual: hasSensualFlag(request),
      }),
    );
    const slotsOf = freeTimes(db, env.BUSINESS_TIME_ZONE);
    app.get('/api/slots', { config: { etag: true } }, async (request, reply) => {
      const query = parseInput(slotsQuery, request.query);
      // The owner books every service by phone; the discretion flag is for visitors.
      const showSensual = hasSensualFlag(request) || (await actorOf(auth, request))?.role === 'admin';
      // Always asked again (a slot taken a second ago must not be offered), but unchanged times come back as 304.
      reply.header('cache-control', 'no-cache');
      const answer = await slotsOf(query, showSensual);
      return reply.header('etag', answer.etag).type('application/json; charset=utf-8').send(answer.json);
    });

    app.post('/api/bookings', async (request, reply) => {
      const actor = await actorOf(auth, request);
      const result = await createBooking(context, { actor, input: request.body, showSensual: hasSensualFlag(request) });
      return reply.status(result.created ? 201 : 200).send(result.booking);
    });

    app.get('/api/bookings', async (request) => listMyBookings(context, { actor: await actorOf(auth, request) }));

    app.get<IdParams>('/api/bookings/:id', async (request) =>
      getMyBooking(context, { actor: await actorOf(auth, request), id: request.params.id }),
    );

    app.get<IdParams>('/api/bookings/:id/calendar.ics', async (request, reply) => {
      const ics = await bookingCalendarFile(context, { actor: await actorOf(auth, request), id: request.params.id });
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="booking.ics"')
        .send(ics);
    });

    app.post<IdParams>('/api/bookings/:id/cancel', async (request) =>
      cancelBooking(context, { actor: await actorOf(auth, request), id: request.params.id, input: request.body }),
    );

    app.post<IdParams>('/api/bookings/:id/reschedule', async (request) =>
      rescheduleBooking(context, { actor: await actorOf(auth, request), id: request.params.id, input: request.body }),
    );

    app.post<IdParams & { Body: { reason?: string } }>('/api/admin/bookings/:id/approve', async (request) =>
      toAdminBooking(
        await decidePendingBooking(context, {
          actor: await actorOf(auth, request),
          id: request.params.id,
          approve: true,
        }),
      ),
    );

    app.post<IdParams & { Body: { reason?: string } }>('/api/admin/bookings/:id/decline', async (request) =>
      toAdminBooking(
        await decidePendingBooking(context, {
          actor: await actorOf(auth, request),
          id: request.params.id,
          approve: false,
          reason: typeof request.body?.reason === 'string' ? request.body.reason.slice(0, 500) : '',
        }),
      ),
    );

    // ---- The owner's side ----
    app.get('/api/admin/bookings', async (request) =>
      listAdminBookings(db, env.BUSINESS_TIME_ZONE, await actorOf(auth, request), request.query),
    );
    app.post('/api/admin/bookings', async (request, reply) => {
      const result = await createPhoneBooking(context, { actor: await actorOf(auth, request), input: request.body });
      return reply
        .status(result.created ? 201 : 200)
        .send(await getAdminBooking(db, await actorOf(auth, request), result.row.id));
    });
    app.get<IdParams>('/api/admin/bookings/:id', async (request) =>
      getAdminBooking(db, await actorOf(auth, request), request.params.id),
    );
    // Each answers with the booking as it now is and whether the client was emailed (the web offers Undo only then).
    app.post<IdParams>('/api/admin/bookings/:id/move', async (request) => {
      const actor = await actorOf(auth, request);
      const result = await adminMoveBooking(context, { actor, id: request.params.id, input: request.body });
      return { ...(await getAdminBooking(db, actor, request.params.id)), ...result };
    });
    app.post<IdParams>('/api/admin/bookings/:id/cancel', async (request) => {
      const actor = await actorOf(auth, request);
      const result = await adminCancelBooking(context, { actor, id: request.params.id, input: request.body });
      return { ...(await getAdminBooking(db, actor, request.params.id)), ...result };
    });
    app.post<IdParams>('/api/admin/bookings/:id/restore', async (request) => {
      const actor = await actorOf(auth, request);
      await restoreBooking(context, { actor, id: request.params.id, input: request.body });
      return getAdminBooking(db, actor, request.params.id);
    });
    app.post<IdParams>('/api/admin/bookings/:id/outcome', async (request) =>
      setBookingOutcome(context, { actor: await actorOf(auth, request), id: request.params.id, input: request.body }),
    );
    app.post<IdParams>('/api/admin/bookings/:id/no-show-fee', async (request) => {
      const actor = await actorOf(auth, request);
      await chargeNoShowFee(context, { actor, id: request.params.id });
      return getAdminBooking(db, actor, request.params.id);
    });
    app.put<IdParams>('/api/admin/bookings/:id/notes', async (request) =>
      setPrivateNotes(db, await actorOf(auth, request), request.params.id, request.body),
    );
    app.post<IdParams>('/api/admin/bookings/:id/payments', async (request, reply) =>
      reply
        .status(201)
        .send(
          await recordBookingPayment(
            db,
            context.env.BUSINESS_TIME_ZONE,
            await actorOf(auth, request),
            request.params.id,
            request.body,
          ),
        ),
    );
    // Through Stripe (issue 13): answered with the refund's state (succeeded, pending, retrying or failed).
    app.post<IdParams>('/api/admin/bookings/:id/online-refunds', async (request, reply) =>
      reply.status(201).send(
        await requestOnlineRefund(context, {
          actor: await actorOf(auth, request),
          bookingId: request.params.id,
          input: request.body,
        }),
      ),
    );
    app.post<IdParams>('/api/admin/bookings/:id/refunds', async (request, reply) =>
      reply
        .status(201)
        .send(
          await recordBookingRefund(
            db,
            context.env.BUSINESS_TIME_ZONE,
            await actorOf(auth, request),
            request.params.id,
            request.body,
          ),
        ),
    );
  };
}
