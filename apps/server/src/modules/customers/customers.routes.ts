import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { actorOf, queryRequestOf } from '../auth/actor.ts';
import {
  eraseCustomer,
  exportCustomer,
  getCustomer,
  listCustomers,
  setCustomerPolicy,
  updateCustomer,
} from './customers.service.ts';

type UidParams = { Params: { uid: string } };

export function customersRoutes(context: AppContext) {
  const { db, auth } = context;
  return async (app: FastifyInstance) => {
    app.get('/api/admin/customers', async (request) => listCustomers(db, await queryRequestOf(auth, request)));
    app.get<UidParams>('/api/admin/customers/:uid', async (request) =>
      getCustomer(db, { actor: await actorOf(auth, request), userId: request.params.uid }),
    );
    app.patch<UidParams>('/api/admin/customers/:uid', async (request) =>
      updateCustomer(db, { actor: await actorOf(auth, request), userId: request.params.uid, input: request.body }),
    );
    app.put<UidParams>('/api/admin/customers/:uid/policy', async (request) =>
      setCustomerPolicy(db, { actor: await actorOf(auth, request), userId: request.params.uid, input: request.body }),
    );
    app.get<UidParams>('/api/admin/customers/:uid/export', async (request, reply) => {
      const data = await exportCustomer(db, {
        actor: await actorOf(auth, request),
        userId: request.params.uid,
        recordsKey: context.recordsKey,
      });
      return reply
        .header('content-disposition', 'attachment; filename="customer-data.json"')
        .header('cache-control', 'no-store')
        .send(data);
    });
    app.post<UidParams>('/api/admin/customers/:uid/erase', async (request) => {
      await eraseCustomer(db, { actor: await actorOf(auth, request), userId: request.params.uid });
      return { erased: true };
    });
  };
}
