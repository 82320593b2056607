import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';

/** A table kept in one row, id 1: the owner's settings of one part of the product, the HMRC connection. */
type SingleRowTable = PgTable & { id: PgColumn };

/** Writes `values` to the table's one row, which the first save makes. */
export async function saveSingleRow<T extends SingleRowTable>(
  db: DbOrTx,
  table: T,
  values: Partial<T['$inferInsert']>,
): Promise<void> {
  await db
    .insert(table as SingleRowTable)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: table.id, set: values });
}
