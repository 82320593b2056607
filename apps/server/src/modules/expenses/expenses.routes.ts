import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { actorOf, inputRequestOf, queryRequestOf, rowInputRequestOf, rowRequestOf } from '../auth/actor.ts';
import { acceptUploads, readUpload } from '../storage/file-http.ts';
import { createExpenseCategory, listExpenseCategories, updateExpenseCategory } from './expense-categories.service.ts';
import { importExpenses, previewExpenseImport } from './expense-import.service.ts';
import {
  addExpenseReceipt,
  type ReceiptDeps,
  removeExpenseReceipt,
  requireReceiptAccess,
} from './expense-receipts.service.ts';
import {
  createExpense,
  deleteExpense,
  type ExpenseDeps,
  getExpense,
  listExpenses,
  updateExpense,
} from './expenses.service.ts';

type IdParams = { Params: { id: string } };
type ReceiptParams = { Params: { id: string; fileId: string } };

/** A 1 MB statement grows when escaped into JSON; the service still refuses more than 1 MB of CSV. */
const IMPORT_BODY_LIMIT = 4 * 1024 * 1024;

export function expensesRoutes(context: AppContext) {
  const { db, auth } = context;
  const deps: ExpenseDeps = { db, timeZone: context.env.BUSINESS_TIME_ZONE };
  const receipts: ReceiptDeps = { db, files: context.files, maxBytes: context.env.UPLOAD_MAX_BYTES };
  return async (app: FastifyInstance) => {
    await acceptUploads(app, receipts.maxBytes);
    app.get('/api/admin/expenses/categories', async (request) =>
      listExpenseCategories(db, { actor: await actorOf(auth, request) }),
    );
    app.post('/api/admin/expenses/categories', async (request, reply) =>
      reply.status(201).send(await createExpenseCategory(db, await inputRequestOf(auth, request))),
    );
    app.patch<IdParams>('/api/admin/expenses/categories/:id', async (request) =>
      updateExpenseCategory(db, await rowInputRequestOf(auth, request)),
    );

    app.post('/api/admin/expenses/import/preview', { bodyLimit: IMPORT_BODY_LIMIT }, async (request) =>
      previewExpenseImport(deps, await inputRequestOf(auth, request)),
    );
    app.post('/api/admin/expenses/import', { bodyLimit: IMPORT_BODY_LIMIT }, async (request) =>
      importExpenses(deps, await inputRequestOf(auth, request)),
    );

    app.get('/api/admin/expenses', async (request) => listExpenses(db, await queryRequestOf(auth, request)));
    app.post('/api/admin/expenses', async (request, reply) =>
      reply.status(201).send(await createExpense(deps, await inputRequestOf(auth, request))),
    );
    app.get<IdParams>('/api/admin/expenses/:id', async (request) => getExpense(db, await rowRequestOf(auth, request)));
    app.patch<IdParams>('/api/admin/expenses/:id', async (request) =>
      updateExpense(deps, await rowInputRequestOf(auth, request)),
    );
    app.delete<IdParams>('/api/admin/expenses/:id', async (request) =>
      deleteExpense(deps, await rowRequestOf(auth, request)),
    );

    app.post<IdParams>('/api/admin/expenses/:id/receipts', { config: { multipart: true } }, async (request, reply) => {
      const actor = await requireReceiptAccess(db, {
        actor: await actorOf(auth, request),
        expenseId: request.params.id,
      });
      const upload = await readUpload(request, receipts.maxBytes);
      return reply.status(201).send(await addExpenseReceipt(receipts, { actor, expenseId: request.params.id, upload }));
    });
    app.delete<ReceiptParams>('/api/admin/expenses/:id/receipts/:fileId', async (request) =>
      removeExpenseReceipt(receipts, {
        actor: await actorOf(auth, request),
        expenseId: request.params.id,
        fileId: request.params.fileId,
      }),
    );
  };
}
