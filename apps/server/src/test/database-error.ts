/**
 * What the database said when it refused a statement: its SQLSTATE code, the constraint it named (unique indexes,
 * exclusion and check constraints) and the message, from node-postgres and PGlite alike (Drizzle wraps the driver's
 * error in `cause`). A test of a database guarantee asserts these, not merely that something threw.
 */
export type DatabaseRefusal = { code?: string; constraint?: string; message: string; where?: string };

export async function databaseRefusal(query: PromiseLike<unknown>): Promise<DatabaseRefusal> {
  try {
    await query;
  } catch (error) {
    let found = error as (Error & Partial<DatabaseRefusal> & { cause?: unknown }) | undefined;
    while (found && !found.code && found.cause) found = found.cause as typeof found;
    const refusal = found ?? (error as Error);
    return {
      code: (refusal as Partial<DatabaseRefusal>).code,
      constraint: (refusal as Partial<DatabaseRefusal>).constraint,
      message: refusal.message,
      where: (refusal as Partial<DatabaseRefusal>).where,
    };
  }
  throw new Error('the database accepted what it should have refused');
}
