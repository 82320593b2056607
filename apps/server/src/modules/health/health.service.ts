import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** How long one answer from the database stands for this instance's health. */
const CHECK_EVERY_MS = 1000;

/** The database's answer to the latest question: null when it was reached, else the error. */
export type DatabaseAnswer = null | { error: unknown };

/**
 * Whether this instance reaches its database. A load balancer may ask many times a second: the database is asked at
 * most once a second per instance, and the askers of that second share its answer. Once that answer is in, it is
 * returned as it is, not as a promise, so the route can answer without waiting a turn (issue 27). This instance's own
 * connection is all it says anything about.
 */
export function databaseCheck(db: Db): () => DatabaseAnswer | Promise<DatabaseAnswer> {
  let askedAt = Number.NEGATIVE_INFINITY;
  let answer: DatabaseAnswer | Promise<DatabaseAnswer> = null;
  return () => {
    const now = Date.now();
    if (now - askedAt >= CHECK_EVERY_MS) {
      askedAt = now;
      const asking: Promise<DatabaseAnswer> = db.execute(sql`select 1`).then(
        () => null,
        (error: unknown) => ({ error }),
      );
      answer = asking;
      // Only the latest question may set the answer.
      void asking.then((settled) => {
        if (answer === asking) answer = settled;
      });
    }
    return answer;
  };
}
