// The ledger's lock of filed VAT periods (decision 067). Low: it reads the VAT return table only, so the ledger's
// single writer can ask it before every posting without importing the filing code.
import { max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { vatMovedEntry, vatReturn } from '../../db/schema.ts';

/**
 * Postings take it shared, a filing takes it alone: a filing waits for every posting under way to commit, and
 * a posting after it sees the new lock. Transaction-scoped, so it is let go at commit or rollback.
 */
export const VAT_LOCK_KEY = 0x5641_5431;

export const takeFilingLock = (tx: DbOrTx) => tx.execute(sql`select pg_advisory_xact_lock(${VAT_LOCK_KEY})`);

function dayAfter(day: string): string {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/**
 * The day a posting dated `date` is written on: its own, unless a VAT return filed (or being filed) covers it; then
 * the first day after the last filed period, as HMRC asks corrections to go in the next return.
 */
export async function dayOpenForPosting(tx: DbOrTx, date: string): Promise<{ date: string; movedFrom: string | null }> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${VAT_LOCK_KEY})`);
  const [row] = await tx.select({ through: max(vatReturn.periodEnd) }).from(vatReturn);
  const through = row?.through;
  if (!through || date > through) return { date, movedFrom: null };
  return { date: dayAfter(through), movedFrom: date };
}

/** Keeps the day a moved posting happened on, beside its entry. */
export async function recordMovedEntry(
  tx: DbOrTx,
  { entryId, intendedDate }: { entryId: string; intendedDate: string },
) {
  await tx.insert(vatMovedEntry).values({ entryId, intendedDate });
}

/** The last day of the ledger closed by a VAT return, or null. */
export async function lockedThrough(tx: DbOrTx): Promise<string | null> {
  const [row] = await tx.select({ through: max(vatReturn.periodEnd) }).from(vatReturn);
  return row?.through ?? null;
}
