import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { actorOf, inputRequestOf, queryRequestOf, rowRequestOf } from '../auth/actor.ts';
import { listVouchers, myVoucher, myVouchers } from './list-vouchers.ts';
import { buyVoucher, issueVoucherInPerson } from './sell-vouchers.ts';
import { redeemVoucherAtTill } from './spend-vouchers.ts';

export function vouchersRoutes(context: AppContext) {
  const { auth } = context;
  return async (app: FastifyInstance) => {
    app.get('/api/admin/vouchers', async (request) => listVouchers(context, await queryRequestOf(auth, request)));
    app.post('/api/admin/vouchers', async (request, reply) =>
      reply.status(201).send(await issueVoucherInPerson(context, await inputRequestOf(auth, request))),
    );
    app.post('/api/admin/vouchers/redeem', async (request) =>
      redeemVoucherAtTill(context, await inputRequestOf(auth, request)),
    );
    app.get('/api/vouchers', async (request) => myVouchers(context, { actor: await actorOf(auth, request) }));
    app.post('/api/vouchers', async (request, reply) =>
      reply.status(201).send(await buyVoucher(context, await inputRequestOf(auth, request))),
    );
    app.get<{ Params: { id: string } }>('/api/vouchers/:id', async (request) =>
      myVoucher(context, await rowRequestOf(auth, request)),
    );
  };
}
