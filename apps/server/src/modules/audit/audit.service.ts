import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import type { Actor } from '../auth/actor.ts';

export type AuditEntity =
  | 'booking'
  | 'customer'
  | 'setting'
  | 'email'
  | 'service'
  | 'expense'
  | 'invoice'
  | 'file'
  | 'voucher'
  | 'course'
  | 'client_record'
  | 'vat_return'
  | 'add_on'
  | 'review';

/** Written in the same transaction as the change it describes. */
export async function recordAudit(
  tx: DbOrTx,
  {
    actor,
    action,
    entityType,
    entityId,
    before,
    after,
  }: { actor: Actor; action: string; entityType: AuditEntity; entityId: string; before: unknown; after: unknown },
) {
  await tx.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action,
    entityType,
    entityId,
    before: before ?? null,
    after: after ?? null,
  });
}

export async function auditOf(db: DbOrTx, { entityType, entityId }: { entityType: AuditEntity; entityId: string }) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.at))
    .limit(200);
}
