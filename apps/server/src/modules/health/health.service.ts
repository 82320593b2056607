import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** How long one answer from the database stands for this instance's health. */
const CHECK_EVERY_MS = 1000;

/**
 * Whether this instance reaches its database: answers null, or the error. A load balancer may ask many times a
 * second: the database is asked at most once a second per instance, and the askers of that second share its answer.
 * This instance's own connection is all it says anything about.
 */
export function databaseCheck(db: Db): () => Promise<unknown> {
  let last: { at: number; check: Promise<unknown> } | undefined;
  return () => {
    if (!last || Date.now() - last.at >= CHECK_EVERY_MS) {
      last = {
        at: Date.now(),
        check: db.execute(sql`select 1`).then(
          () => null,
          (error: unknown) => error,
        ),
      };
    }
    return last.check;
  };
}
