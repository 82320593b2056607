import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { actorOf } from '../auth/actor.ts';
import {
  buyVoucher,
  issueVoucherInPerson,
  listVouchers,
  myVoucher,
  myVouchers,
  redeemVoucherAtTill,
} from './vouchers.service.ts';

export function vouchersRoutes(context: AppContext) {
  const { auth, db, env } = context;
  return async (app: FastifyInstance) => {
    app.get('/api/admin/vouchers', async (request) =>
      listVouchers(db, env, await actorOf(auth, request), request.query),
    );
    app.post('/api/admin/vouchers', async (request, reply) =>
      reply
        .status(201)
        .send(await issueVoucherInPerson(context, { actor: await actorOf(auth, request), input: request.body })),
    );
    app.post('/api/admin/vouchers/redeem', async (request) =>
      redeemVoucherAtTill(context, { actor: await actorOf(auth, request), input: request.body }),
    );
    app.get('/api/vouchers', async (request) => myVouchers(db, env, await actorOf(auth, request)));
    app.post('/api/vouchers', async (request, reply) =>
      reply.status(201).send(await buyVoucher(context, { actor: await actorOf(auth, request), input: request.body })),
    );
    app.get<{ Params: { id: string } }>('/api/vouchers/:id', async (request) =>
      myVoucher(context, await actorOf(auth, request), request.params.id),
    );
  };
}
