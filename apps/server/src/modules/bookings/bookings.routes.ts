import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { hasSensualFlag } from '../../lib/sensual-flag.ts';
import { type Actor, actorOf, inputRequestOf, queryRequestOf, rowInputRequestOf, rowRequestOf } from '../auth/actor.ts';
import { requestOnlineRefund } from '../payments/online-refunds.ts';
import { recordBookingPayment, recordBookingRefund } from '../payments/payments.service.ts';
import {
  chargeNoShowFeeOnSheet,
  getAdminBooking,
  listAdminBookings,
  setBookingOutcome,
  setPrivateNotes,
} from './admin-bookings.service.ts';
import { approvalRequired, checkVoucherForBooking, freeSlotsFor, upfrontForClient } from './booking-questions.ts';
import { adminCancelBooking, cancelBooking } from './cancel-booking.ts';
import { bookingCalendarFile, getMyBooking, listMyBookings } from './client-bookings.ts';
import { decidePendingBooking } from './decide-booking.ts';
import { adminMoveBooking, rescheduleBooking, restoreBooking } from './move-booking.ts';
import { createBooking, createPhoneBooking } from './place-booking.ts';

type IdParams = { Params: { id: string } };

export function bookingsRoutes(context: AppContext) {
  const { db, auth } = context;
  return async (app: FastifyInstance) => {
    app.get('/api/bookings/approval', async (request) =>
      approvalRequired(context, await queryRequestOf(auth, request)),
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
    const freeSlots = freeSlotsFor(context);
    app.get('/api/slots', { config: { etag: true } }, async (request, reply) => {
      // Always asked again (a slot taken a second ago must not be offered), but unchanged times come back as 304.
      reply.header('cache-control', 'no-cache');
      const answer = await freeSlots({
        query: request.query,
        sensualFlag: hasSensualFlag(request),
        actor: () => actorOf(auth, request),
      });
      return reply.header('etag', answer.etag).type('application/json; charset=utf-8').send(answer.json);
    });

    app.post('/api/bookings', async (request, reply) => {
      const actor = await actorOf(auth, request);
      const result = await createBooking(context, { actor, input: request.body, showSensual: hasSensualFlag(request) });
      return reply.status(result.created ? 201 : 200).send(result.booking);
    });

    app.get('/api/bookings', async (request) => listMyBookings(context, { actor: await actorOf(auth, request) }));

    app.get<IdParams>('/api/bookings/:id', async (request) => getMyBooking(context, await rowRequestOf(auth, request)));

    app.get<IdParams>('/api/bookings/:id/calendar.ics', async (request, reply) => {
      const ics = await bookingCalendarFile(context, await rowRequestOf(auth, request));
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="booking.ics"')
        .send(ics);
    });

    app.post<IdParams>('/api/bookings/:id/cancel', async (request) =>
      cancelBooking(context, await rowInputRequestOf(auth, request)),
    );

    app.post<IdParams>('/api/bookings/:id/reschedule', async (request) =>
      rescheduleBooking(context, await rowInputRequestOf(auth, request)),
    );

    app.post<IdParams>('/api/admin/bookings/:id/approve', async (request) =>
      decidePendingBooking(context, { actor: await actorOf(auth, request), id: request.params.id, approve: true }),
    );

    app.post<IdParams & { Body: { reason?: unknown; privateReason?: unknown } | undefined }>(
      '/api/admin/bookings/:id/decline',
      async (request) =>
        decidePendingBooking(context, {
          actor: await actorOf(auth, request),
          id: request.params.id,
          approve: false,
          reason: request.body?.reason,
          privateReason: request.body?.privateReason,
        }),
    );

    // ---- The owner's side ----
    app.get('/api/admin/bookings', async (request) => listAdminBookings(context, await queryRequestOf(auth, request)));
    app.post('/api/admin/bookings', async (request, reply) => {
      const result = await createPhoneBooking(context, await inputRequestOf(auth, request));
      return reply.status(result.created ? 201 : 200).send(result.sheet);
    });
    app.get<IdParams>('/api/admin/bookings/:id', async (request) =>
      getAdminBooking(db, await rowRequestOf(auth, request)),
    );
    // Each answers with the booking as it now is and whether the client was emailed (the web offers Undo only then).
    app.post<IdParams>('/api/admin/bookings/:id/move', async (request) =>
      adminMoveBooking(context, await rowInputRequestOf(auth, request)),
    );
    app.post<IdParams>('/api/admin/bookings/:id/cancel', async (request) =>
      adminCancelBooking(context, await rowInputRequestOf(auth, request)),
    );
    app.post<IdParams>('/api/admin/bookings/:id/restore', async (request) =>
      restoreBooking(context, await rowInputRequestOf(auth, request)),
    );
    app.post<IdParams>('/api/admin/bookings/:id/outcome', async (request) =>
      setBookingOutcome(context, await rowInputRequestOf(auth, request)),
    );
    app.post<IdParams>('/api/admin/bookings/:id/no-show-fee', async (request) =>
      chargeNoShowFeeOnSheet(context, await rowRequestOf(auth, request)),
    );
    app.put<IdParams>('/api/admin/bookings/:id/notes', async (request) =>
      setPrivateNotes(db, await rowInputRequestOf(auth, request)),
    );
    /** Money recorded on a booking, answered 201 with what was recorded. */
    const moneyRoute = <T>(
      path: string,
      record: (deps: AppContext, request: { actor: Actor | null; bookingId: string; input: unknown }) => Promise<T>,
    ) =>
      app.post<IdParams>(path, async (request, reply) =>
        reply.status(201).send(
          await record(context, {
            actor: await actorOf(auth, request),
            bookingId: request.params.id,
            input: request.body,
          }),
        ),
      );
    moneyRoute('/api/admin/bookings/:id/payments', recordBookingPayment);
    // Through Stripe (decision 053): answered with the refund's state (succeeded, pending, retrying or failed).
    moneyRoute('/api/admin/bookings/:id/online-refunds', requestOnlineRefund);
    moneyRoute('/api/admin/bookings/:id/refunds', recordBookingRefund);
  };
}
