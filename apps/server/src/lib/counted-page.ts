import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';

/**
 * One page of a table's rows that match `where`, in `order`, with how many match in all (the pager's last page).
 * `page` counts from 1, as the list queries do.
 */
export async function countedPage<T extends PgTable>(
  db: DbOrTx,
  table: T,
  request: { where: SQL | undefined; order: SQL[]; page: number; pageSize: number },
): Promise<{ rows: T['$inferSelect'][]; total: number }> {
  const { where, page, pageSize } = request;
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(table as PgTable)
    .where(where);
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(where)
    .orderBy(...request.order)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows: rows as T['$inferSelect'][], total: counted?.total ?? 0 };
}
