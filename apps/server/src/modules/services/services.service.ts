import { AppError, type Service, updateServiceInput } from '@app/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { service } from '../../db/schema.ts';
import { parseInput } from '../../lib/validation.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type Actor, type RowInputRequest, requireRole } from '../auth/actor.ts';

/** Active services for the public site; sensual ones only for a visitor who has the discretion flag. */
export async function listPublicServices(db: Db, options: { showSensual: boolean }): Promise<Service[]> {
  const rows = await db
    .select()
    .from(service)
    .where(
      options.showSensual ? eq(service.active, true) : and(eq(service.active, true), eq(service.style, 'therapeutic')),
    )
    .orderBy(asc(service.sortOrder));
  return rows.map(toService);
}

export function toService(row: typeof service.$inferSelect): Service {
  return {
    id: row.id,
    style: row.style,
    type: row.type as Service['type'],
    name: row.name,
    description: row.description,
    durations: row.durations,
    active: row.active,
  };
}

/** The service a slot request is for: it must exist, be active, be offered for that long and, if sensual, be
 * visible to the visitor. */
export function checkServiceForSlots(
  found: typeof service.$inferSelect | undefined,
  minutes: number,
  showSensual: boolean,
): typeof service.$inferSelect {
  if (!found?.active || (found.style === 'sensual' && !showSensual))
    throw new AppError('NOT_FOUND', 'This service is not available.');
  if (!found.durations.some((d) => d.minutes === minutes))
    throw new AppError(
      'VALIDATION',
      `duration: ${found.name} is offered for ${found.durations.map((d) => d.minutes).join(', ')} minutes`,
    );
  return found;
}

export async function listAllServices(db: Db, { actor }: { actor: Actor | null }): Promise<Service[]> {
  requireRole(actor, 'admin');
  return (await db.select().from(service).orderBy(asc(service.sortOrder))).map(toService);
}

export async function updateService(db: Db, { actor, id, input }: RowInputRequest): Promise<Service> {
  const admin = requireRole(actor, 'admin');
  const changes = parseInput(updateServiceInput, input);
  if (changes.durations) changes.durations = [...changes.durations].sort((a, b) => a.minutes - b.minutes);
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError('NOT_FOUND', 'No such service.');
  if (Object.keys(changes).length === 0) {
    // Nothing to change (an UPDATE with no column is an error in SQL, a 500 the fuzz test found).
    const [current] = await db.select().from(service).where(eq(service.id, id));
    if (!current) throw new AppError('NOT_FOUND', 'No such service.');
    return toService(current);
  }
  return db.transaction(async (tx) => {
    const [row] = await tx.update(service).set(changes).where(eq(service.id, id)).returning();
    if (!row) throw new AppError('NOT_FOUND', 'No such service.');
    // Also how the dashboard's setup checklist knows the owner has set the prices.
    await recordAudit(tx, {
      actor: admin,
      action: 'service.updated',
      entityType: 'service',
      entityId: row.id,
      before: null,
      after: changes,
    });
    return toService(row);
  });
}
