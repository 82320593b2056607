import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { session, user } from '../../db/schema.ts';
import {
  type AttemptBudget,
  clearFailures,
  confirmFailure,
  delayAfter,
  giveBackAttempt,
  recordFailure,
  reserveAttempt,
} from './attempt-budget.ts';

/**
 * The per-account sign-in limit (decision 020), beside the per-address one: password sign-ins are counted per email
 * whatever address they come from; from the 5th failure on, each further attempt for that email must wait a delay
 * that doubles with each failure, capped at 60 s. An address the account has signed in from before (it has a
 * session from there) is not held back, so someone guessing from elsewhere slows themselves, not the owner.
 */
export const signInBudget: AttemptBudget = {
  scope: 'sign-in',
  free: 5,
  firstDelayS: 2,
  maxDelayS: 60,
  windowS: 15 * 60,
};

export const signInDelayAfter = (failures: number) => delayAfter(signInBudget, failures);

const keyOf = (email: string) => email.trim().toLowerCase();

/**
 * Reserves this attempt (decision 058). Answers 'reserved' (settle it with `settleSignIn`), 'unreserved' when the
 * budget is spent but the address is the account's own (let through, counted only if it fails), or the seconds to wait.
 */
export async function reserveSignIn(
  db: Db,
  { email, ip }: { email: string; ip: string },
): Promise<'reserved' | 'unreserved' | number> {
  const wait = await reserveAttempt(db, { budget: signInBudget, subject: keyOf(email) });
  if (wait === 0) return 'reserved';
  return (await signedInFromHere(db, email, ip)) ? 'unreserved' : wait;
}

/** A wrong password keeps its reservation; a success clears the count; anything else never checked the password. */
export async function settleSignIn(
  db: Db,
  { email, reservation, status }: { email: string; reservation: 'reserved' | 'unreserved'; status: number },
) {
  if (status === 200) return clearFailures(db, { budget: signInBudget, subject: keyOf(email) });
  if (reservation === 'unreserved') {
    if (status === 401) await recordFailure(db, { budget: signInBudget, subject: keyOf(email) });
    return;
  }
  if (status === 401) await confirmFailure(db, { budget: signInBudget, subject: keyOf(email) });
  else await giveBackAttempt(db, { budget: signInBudget, subject: keyOf(email) });
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
