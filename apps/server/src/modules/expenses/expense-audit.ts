import type { DbOrTx } from '../../db/client.ts';
import type { expense } from '../../db/schema.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { Actor } from '../auth/actor.ts';

/** The audit row of the owner's change to an expense, its receipts or a category: all are filed under 'expense'. */
export function auditExpense(
  tx: DbOrTx,
  { admin, action, id, before, after }: { admin: Actor; action: string; id: string; before: unknown; after: unknown },
) {
  return recordAudit(tx, { actor: admin, action, entityType: 'expense', entityId: id, before, after });
}

type ExpenseRecord = typeof expense.$inferSelect;

/** What the audit keeps of an expense: what the owner can change of it, and its entry in the books. */
function auditView(row: ExpenseRecord) {
  return {
    date: row.date,
    supplier: row.supplier,
    categoryId: row.categoryId,
    amountPence: row.amountPence,
    vatPence: row.vatPence,
    paymentMethod: row.paymentMethod,
    notes: row.notes,
    journalEntryId: row.journalEntryId,
  };
}

/** The owner's change to an expense, audited as what they can change of it (none before a create, after a delete). */
export function auditExpenseChange(
  tx: DbOrTx,
  change: { admin: Actor; action: string; id: string; before: ExpenseRecord | null; after: ExpenseRecord | null },
) {
  const view = (row: ExpenseRecord | null) => row && auditView(row);
  return auditExpense(tx, { ...change, before: view(change.before), after: view(change.after) });
}
