import type { Db, Tx } from '../db/client.ts';

/**
 * `step` for each item in a transaction of its own, so an item that fails, or is found done already under its lock,
 * leaves the others as they are (the daily sweeps that close courses and gift vouchers). How many `step` reports done.
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
