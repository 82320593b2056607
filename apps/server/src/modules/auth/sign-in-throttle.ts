import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { session, signInFailure, user } from '../../db/schema.ts';

/**
 * The per-account sign-in limit (decision 020), beside the per-address one: failed password sign-ins are counted per
 * email whatever address they come from; from the FREE_FAILURES-th on, each further attempt for that email must wait
 * a delay that doubles with each failure, capped at MAX_DELAY_S. The count starts again after a success or after
 * WINDOW_S without a failure. An address the account has signed in from before (it has a session from there) is not
 * held back, so someone guessing from elsewhere slows themselves, not the owner.
 */
export const FREE_FAILURES = 5;
export const MAX_DELAY_S = 60;
export const WINDOW_S = 15 * 60;

export function delayAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(2 ** (failures - FREE_FAILURES + 1), MAX_DELAY_S);
}

const keyOf = (email: string) => email.trim().toLowerCase();

/** Seconds this attempt must still wait (0: go ahead). */
export async function accountSignInWait(db: Db, email: string, ip: string): Promise<number> {
  const [row] = await db
    .select()
    .from(signInFailure)
    .where(
      and(
        eq(signInFailure.email, keyOf(email)),
        gt(signInFailure.lastFailureAt, sql`now() - ${WINDOW_S} * interval '1 second'`),
      ),
    );
  if (!row) return 0;
  const waitUntil = row.lastFailureAt.getTime() + delayAfter(row.failures) * 1000;
  const wait = Math.ceil((waitUntil - Date.now()) / 1000);
  if (wait <= 0) return 0;
  return (await signedInFromHere(db, email, ip)) ? 0 : wait;
}

async function signedInFromHere(db: Db, email: string, ip: string): Promise<boolean> {
  const [known] = await db
    .select({ id: session.id })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(and(eq(sql`lower(${user.email})`, keyOf(email)), eq(session.ipAddress, ip)))
    .limit(1);
  return known !== undefined;
}

export async function recordSignInFailure(db: Db, email: string): Promise<void> {
  await db.execute(sql`
    insert into sign_in_failure (email, failures, last_failure_at) values (${keyOf(email)}, 1, now())
    on conflict (email) do update set
      failures = case when sign_in_failure.last_failure_at <= now() - ${WINDOW_S} * interval '1 second'
                      then 1 else sign_in_failure.failures + 1 end,
      last_failure_at = now()`);
}

export async function clearSignInFailures(db: Db, email: string): Promise<void> {
  await db.delete(signInFailure).where(eq(signInFailure.email, keyOf(email)));
}
