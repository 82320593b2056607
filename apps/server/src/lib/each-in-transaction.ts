import { and, eq, lt } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client.ts';

/**
 * `step` for each item in a transaction of its own: an item found done already under its lock is skipped, and one
 * that throws stops the sweep with the items before it kept; the next run takes up the rest. How many `step` reports
 * done.
 */
async function countEachInTransaction<T>(
  db: Db,
  items: readonly T[],
  step: (tx: Tx, item: T) => Promise<boolean>,
): Promise<number> {
  let done = 0;
  for (const item of items) if (await db.transaction((tx) => step(tx, item))) done++;
  return done;
}

/** A table of what is sold ahead and lapses after its last day (gift vouchers, courses of sessions). */
type Expiring = PgTable & { id: PgColumn; status: PgColumn; expiresOn: PgColumn };

/**
 * The daily sweep that closes what is past its last day: each row still active after `expiresOn` is locked and
 * checked again in a transaction of its own, then handed to `expire` (which posts what it was worth and closes it).
 * How many were expired.
 */
export async function expireEachDue<T extends Expiring>(
  db: Db,
  sweep: { table: T; today: string; expire: (tx: Tx, row: T['$inferSelect']) => Promise<void> },
): Promise<number> {
  const { table, today } = sweep;
  const due = await db
    .select({ id: table.id })
    .from(table as Expiring)
    .where(and(eq(table.status, 'active'), lt(table.expiresOn, today)));
  return countEachInTransaction(db, due, async (tx, { id }) => {
    const [row] = (await tx
      .select()
      .from(table as Expiring)
      .where(eq(table.id, id))
      .for('update')) as (T['$inferSelect'] & { status: string; expiresOn: string })[];
    if (row?.status !== 'active' || row.expiresOn >= today) return false;
    await sweep.expire(tx, row);
    return true;
  });
}
