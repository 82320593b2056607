/**
 * Whether PostgreSQL refused a write for breaking an exclusion constraint (23P01): two bookings' times overlapping in
 * the diary. Drizzle and the drivers wrap the database's error, so its causes are searched too.
 */
export function isOverlapViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === '23P01') return true;
  return false;
}
