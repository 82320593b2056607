import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { actorOf, inputRequestOf, rowRequestOf } from '../auth/actor.ts';
import {
  getBankTransfers,
  markBankDepositReceived,
  matchBankStatement,
  refundBankDepositByOwner,
  releaseBankDepositByOwner,
  setBankTransferSettings,
} from './bank-transfers.service.ts';
import { getPaymentPolicy, setPaymentPolicy } from './payment-policy.service.ts';

/** A bank statement export, as the expenses import takes it (1 MB of CSV, in JSON). */
const STATEMENT_BODY_LIMIT = 1_200_000;

export function paymentsRoutes(context: AppContext) {
  const { auth } = context;
  return async (app: FastifyInstance) => {
    app.get('/api/admin/payments/policy', async (request) =>
      getPaymentPolicy(context, { actor: await actorOf(auth, request) }),
    );
    app.put('/api/admin/payments/policy', async (request) =>
      setPaymentPolicy(context, await inputRequestOf(auth, request)),
    );
    // Deposits by bank transfer for sensual bookings (decision 066).
    app.get('/api/admin/bank-transfers', async (request) =>
      getBankTransfers(context, { actor: await actorOf(auth, request) }),
    );
    app.put('/api/admin/bank-transfers/settings', async (request) =>
      setBankTransferSettings(context, await inputRequestOf(auth, request)),
    );
    app.post('/api/admin/bank-transfers/match', { bodyLimit: STATEMENT_BODY_LIMIT }, async (request) =>
      matchBankStatement(context, await inputRequestOf(auth, request)),
    );
    app.post<{ Params: { id: string } }>('/api/admin/bank-transfers/:id/received', async (request) =>
      markBankDepositReceived(context, await rowRequestOf(auth, request)),
    );
    app.post<{ Params: { id: string } }>('/api/admin/bank-transfers/:id/release', async (request) =>
      releaseBankDepositByOwner(context, await rowRequestOf(auth, request)),
    );
    app.post<{ Params: { id: string } }>('/api/admin/bank-transfers/:id/refund', async (request) =>
      refundBankDepositByOwner(context, await rowRequestOf(auth, request)),
    );
  };
}
