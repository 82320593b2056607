import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authFailure } from '../../db/schema.ts';

/**
 * How many guesses at a secret one account allows (decision 058): the first `free` failures go through; after them
 * each attempt waits `firstDelayS`, doubling with each further failure up to `maxDelayS`. The count starts again
 * after a success, or after `windowS` without a failure.
 */
export type AttemptBudget = {
  scope: 'sign-in' | 'second-factor';
  free: number;
  firstDelayS: number;
  maxDelayS: number;
  windowS: number;
};

/** One account's attempts at one budget's secret: a row of auth_failure. */
export type BudgetedAttempt = { budget: AttemptBudget; subject: string };

function rowOf({ budget, subject }: BudgetedAttempt) {
  return and(eq(authFailure.scope, budget.scope), eq(authFailure.subject, subject));
}

export function delayAfter(budget: AttemptBudget, failures: number): number {
  if (failures < budget.free) return 0;
  return Math.min(budget.firstDelayS * 2 ** (failures - budget.free), budget.maxDelayS);
}

/**
 * Takes one attempt from the account's budget before its secret is checked, as a failure until told otherwise: one
 * statement (the row is locked by the upsert, so requests in flight, on any instance, queue behind each other and
 * each sees the count the one before left). Answers 0 when the attempt may go ahead, else the seconds still to wait.
 */
export async function reserveAttempt(db: Db, { budget, subject }: BudgetedAttempt): Promise<number> {
  const window = sql`${budget.windowS} * interval '1 second'`;
  const delay = sql`least(${budget.firstDelayS} * power(2, auth_failure.failures - ${budget.free}), ${budget.maxDelayS}) * interval '1 second'`;
  const reserved = await db.execute(sql`
    insert into auth_failure (scope, subject, failures, last_failure_at)
    values (${budget.scope}, ${subject}, 1, now())
    on conflict (scope, subject) do update set
      failures = case when auth_failure.last_failure_at <= now() - ${window} then 1 else auth_failure.failures + 1 end,
      last_failure_at = now()
    where auth_failure.last_failure_at <= now() - ${window}
       or auth_failure.failures < ${budget.free}
       or auth_failure.last_failure_at + ${delay} <= now()
    returning failures`);
  if ((reserved as unknown as { rows: unknown[] }).rows.length > 0) return 0;
  const [row] = await db.select().from(authFailure).where(rowOf({ budget, subject }));
  if (!row) return 0;
  const waitUntil = row.lastFailureAt.getTime() + delayAfter(budget, row.failures) * 1000;
  return Math.max(1, Math.ceil((waitUntil - Date.now()) / 1000));
}

/** Counts a failure that was not reserved first (an attempt let through without one). */
export async function recordFailure(db: Db, { budget, subject }: BudgetedAttempt): Promise<void> {
  await db.execute(sql`
    insert into auth_failure (scope, subject, failures, last_failure_at) values (${budget.scope}, ${subject}, 1, now())
    on conflict (scope, subject) do update set
      failures = case when auth_failure.last_failure_at <= now() - ${budget.windowS} * interval '1 second'
                      then 1 else auth_failure.failures + 1 end,
      last_failure_at = now()`);
}

/** A reserved attempt that failed: its delay counts from now, when the failure is known, not from the reservation. */
export async function confirmFailure(db: Db, attempt: BudgetedAttempt): Promise<void> {
  await db.update(authFailure).set({ lastFailureAt: sql`now()` }).where(rowOf(attempt));
}

/** An attempt whose secret was never checked (a malformed request, another limit) gives its reservation back. */
export async function giveBackAttempt(db: Db, attempt: BudgetedAttempt): Promise<void> {
  await db
    .update(authFailure)
    .set({ failures: sql`greatest(${authFailure.failures} - 1, 0)` })
    .where(rowOf(attempt));
}

/** A success starts the count again. */
export async function clearFailures(db: Db, attempt: BudgetedAttempt): Promise<void> {
  await db.delete(authFailure).where(rowOf(attempt));
}
