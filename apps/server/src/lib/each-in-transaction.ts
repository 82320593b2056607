import type { Db, Tx } from '../db/client.ts';

/**
 * `step` for each item in a transaction of its own (the daily sweeps that close courses and gift vouchers): an item
 * found done already under its lock is skipped, and one that throws stops the sweep with the items before it kept;
 * the next run takes up the rest. How many `step` reports done.
 */
export async function countEachInTransaction<T>(
  db: Db,
  items: readonly T[],
  step: (tx: Tx, item: T) => Promise<boolean>,
): Promise<number> {
  let done = 0;
  for (const item of items) if (await db.transaction((tx) => step(tx, item))) done++;
  return done;
}
