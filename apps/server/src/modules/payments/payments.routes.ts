import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { actorOf } from '../auth/actor.ts';
import { getPaymentPolicy, setPaymentPolicy } from './payment-policy.service.ts';

export function paymentsRoutes(context: AppContext) {
  const { auth } = context;
  return async (app: FastifyInstance) => {
    app.get('/api/admin/payments/policy', async (request) =>
      getPaymentPolicy(context, { actor: await actorOf(auth, request) }),
    );
    app.put('/api/admin/payments/policy', async (request) =>
      setPaymentPolicy(context, { actor: await actorOf(auth, request), input: request.body }),
    );
  };
}
