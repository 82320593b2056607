import {
  type AddOn,
  type AddOnTakeUp,
  AppError,
  addOnInput,
  localDateSchema,
  type MassageType,
  styleOfType,
  updateAddOnInput,
} from '@app/shared';
import { and, asc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { addOn, booking, bookingAddOn } from '../../db/schema.ts';
import { parseInput, uuidPattern } from '../../lib/validation.ts';
import { addDays, zonedInstant } from '../../lib/zoned-time.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type Actor, type InputRequest, type RowInputRequest, requireRole } from '../auth/actor.ts';

type AddOnRow = typeof addOn.$inferSelect;

export function toAddOn(row: AddOnRow): AddOn {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    minutes: row.minutes,
    pricePence: row.pricePence,
    types: row.types as MassageType[],
    archived: row.archivedAt !== null,
  };
}

/**
 * The add-ons a visitor may be offered: not archived, each with only the treatments the visitor may see (an add-on
 * offered only with sensual treatments is left out without the discretion flag).
 */
export async function listPublicAddOns(db: DbOrTx, { showSensual }: { showSensual: boolean }): Promise<AddOn[]> {
  const rows = await db.select().from(addOn).where(isNull(addOn.archivedAt)).orderBy(asc(addOn.createdAt));
  return rows
    .map(toAddOn)
    .map((a) => ({ ...a, types: a.types.filter((type) => showSensual || styleOfType(type) !== 'sensual') }))
    .filter((a) => a.types.length > 0);
}

export async function listAllAddOns(db: Db, { actor }: { actor: Actor | null }): Promise<AddOn[]> {
  requireRole(actor, 'admin');
  return (await db.select().from(addOn).orderBy(asc(addOn.createdAt))).map(toAddOn);
}

export async function createAddOn(db: Db, { actor, input }: InputRequest): Promise<AddOn> {
  const admin = requireRole(actor, 'admin');
  const data = parseInput(addOnInput, input);
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(addOn).values(data).returning();
    if (!row) throw new Error('add-on insert returned no row');
    await recordAudit(tx, {
      actor: admin,
      action: 'add_on.created',
      entityType: 'add_on',
      entityId: row.id,
      before: null,
      after: toAddOn(row),
    });
    return toAddOn(row);
  });
}

/** Edits or archives an add-on. Bookings keep the snapshot they took (decision 079). */
export async function updateAddOn(db: Db, { actor, id, input }: RowInputRequest): Promise<AddOn> {
  const admin = requireRole(actor, 'admin');
  const { archived, ...changes } = parseInput(updateAddOnInput, input);
  if (!uuidPattern.test(id)) throw new AppError('NOT_FOUND', 'No such add-on.');
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(addOn).where(eq(addOn.id, id)).for('update');
    if (!before) throw new AppError('NOT_FOUND', 'No such add-on.');
    const archivedAt = archived === undefined ? before.archivedAt : archived ? (before.archivedAt ?? new Date()) : null;
    const [row] = await tx
      .update(addOn)
      .set({ ...changes, archivedAt })
      .where(eq(addOn.id, id))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', 'No such add-on.');
    await recordAudit(tx, {
      actor: admin,
      action: archived === true && !before.archivedAt ? 'add_on.archived' : 'add_on.updated',
      entityType: 'add_on',
      entityId: id,
      before: toAddOn(before),
      after: toAddOn(row),
    });
    return toAddOn(row);
  });
}

const takeUpQuery = z.strictObject({ from: localDateSchema, to: localDateSchema });

/**
 * How often each add-on was taken over a period (by the appointment's day on the business clock): the bookings that
 * took it, of the bookings of the treatments it goes with that went ahead or are still to come, and what it brought
 * in. Cancelled bookings and no-shows count on neither side.
 */
export async function addOnTakeUp(
  db: Db,
  { actor, query, timeZone }: { actor: Actor | null; query: unknown; timeZone: string },
): Promise<AddOnTakeUp> {
  requireRole(actor, 'admin');
  const { from, to } = parseInput(takeUpQuery, query);
  if (to < from) throw new AppError('VALIDATION', 'to: must not be before from');
  const start = new Date(zonedInstant(from, '00:00', timeZone));
  const end = new Date(zonedInstant(addDays(to, 1), '00:00', timeZone));
  const inPeriod = and(
    gte(booking.startsAt, start),
    lt(booking.startsAt, end),
    inArray(booking.status, ['confirmed', 'completed', 'pending', 'awaiting_payment']),
  );
  const addOns = await db.select().from(addOn).orderBy(asc(addOn.createdAt));
  const byType = await db
    .select({ type: booking.type, count: sql<number>`count(*)::int` })
    .from(booking)
    .where(inPeriod)
    .groupBy(booking.type);
  const taken = await db
    .select({
      addOnId: bookingAddOn.addOnId,
      count: sql<number>`count(*)::int`,
      revenuePence: sql<number>`coalesce(sum(${bookingAddOn.pricePence}), 0)::int`,
    })
    .from(bookingAddOn)
    .innerJoin(booking, eq(booking.id, bookingAddOn.bookingId))
    .where(inPeriod)
    .groupBy(bookingAddOn.addOnId);
  return {
    from,
    to,
    addOns: addOns
      .map((row) => {
        const took = taken.find((t) => t.addOnId === row.id);
        const offered = byType.filter((b) => row.types.includes(b.type)).reduce((sum, b) => sum + b.count, 0);
        return {
          id: row.id,
          name: row.name,
          archived: row.archivedAt !== null,
          taken: took?.count ?? 0,
          offered: Math.max(offered, took?.count ?? 0),
          revenuePence: took?.revenuePence ?? 0,
        };
      })
      .filter((a) => !a.archived || a.taken > 0),
  };
}
