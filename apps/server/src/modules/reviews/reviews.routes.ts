import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { actorOf, inputRequestOf, queryRequestOf, rowInputRequestOf } from '../auth/actor.ts';
import {
  decideReview,
  deleteMyReview,
  getReviewSettings,
  getReviewVisit,
  leaveReview,
  listReviewsAdmin,
  publicReviews,
  updateReviewSettings,
} from './reviews.service.ts';

export function reviewsRoutes(context: AppContext) {
  const { db, auth, env } = context;
  return async (app: FastifyInstance) => {
    app.get<{ Querystring: { type?: string } }>('/api/reviews', async (request) =>
      publicReviews(db, env, { type: request.query.type }),
    );
    app.get<{ Params: { bookingId: string } }>('/api/reviews/visits/:bookingId', async (request) =>
      getReviewVisit(db, { actor: await actorOf(auth, request), bookingId: request.params.bookingId }),
    );
    app.post<{ Params: { bookingId: string } }>('/api/reviews/visits/:bookingId', async (request, reply) =>
      reply.status(201).send(
        await leaveReview(db, {
          actor: await actorOf(auth, request),
          bookingId: request.params.bookingId,
          input: request.body,
        }),
      ),
    );
    app.delete<{ Params: { bookingId: string } }>('/api/reviews/visits/:bookingId', async (request, reply) => {
      await deleteMyReview(db, { actor: await actorOf(auth, request), bookingId: request.params.bookingId });
      return reply.status(204).send();
    });
    app.get('/api/admin/reviews', async (request) => listReviewsAdmin(db, env, await queryRequestOf(auth, request)));
    app.get('/api/admin/reviews/settings', async (request) =>
      getReviewSettings(db, { actor: await actorOf(auth, request) }),
    );
    app.put('/api/admin/reviews/settings', async (request) =>
      updateReviewSettings(db, await inputRequestOf(auth, request)),
    );
    app.patch<{ Params: { id: string } }>('/api/admin/reviews/:id', async (request) =>
      decideReview(db, env, await rowInputRequestOf(auth, request)),
    );
  };
}
