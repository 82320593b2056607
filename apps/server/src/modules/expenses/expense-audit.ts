import type { DbOrTx } from '../../db/client.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { Actor } from '../auth/actor.ts';

/** The audit row of the owner's change to an expense, its receipts or a category: all are filed under 'expense'. */
export function auditExpense(
  tx: DbOrTx,
  { admin, action, id, before, after }: { admin: Actor; action: string; id: string; before: unknown; after: unknown },
) {
  return recordAudit(tx, { actor: admin, action, entityType: 'expense', entityId: id, before, after });
}
