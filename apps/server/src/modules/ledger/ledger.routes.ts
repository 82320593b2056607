import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { actorOf, queryRequestOf } from '../auth/actor.ts';
import { listAccounts, listJournal, trialBalance } from './ledger.service.ts';

export function ledgerRoutes(context: AppContext) {
  const { db, auth } = context;
  return async (app: FastifyInstance) => {
    app.get('/api/admin/ledger/accounts', async (request) => listAccounts(db, { actor: await actorOf(auth, request) }));
    app.get('/api/admin/ledger/journal', async (request) => listJournal(db, await queryRequestOf(auth, request)));
    app.get('/api/admin/ledger/trial-balance', async (request) =>
      trialBalance(db, await queryRequestOf(auth, request)),
    );
  };
}
