import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * Counts one request against `key` in a fixed window and returns the count and the time left.
 * Counters live in the database so every server instance sees the same numbers; the write commits
 * without waiting for the disk (a counter lost in a crash does no harm), which keeps it near 0.1 ms.
 */
export async function countRequest(db: Db, key: string, windowMs: number): Promise<{ count: number; ttlMs: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local synchronous_commit = off`);
    const result = await tx.execute(sql`
      insert into request_counter (key, count, expires_at)
      values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
      on conflict (key) do update set
        count = case when request_counter.expires_at <= now() then 1 else request_counter.count + 1 end,
        expires_at = case when request_counter.expires_at <= now() then excluded.expires_at else request_counter.expires_at end
      returning count, greatest(0, extract(epoch from (expires_at - now())) * 1000)::int as ttl`);
    const row = (result as unknown as { rows: { count: number; ttl: number }[] }).rows[0];
    return { count: Number(row?.count ?? 1), ttlMs: Number(row?.ttl ?? windowMs) };
  });
}

type Incr = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** @fastify/rate-limit store over `countRequest`. */
export function databaseRateLimitStore(db: Db) {
  return class DatabaseStore {
    timeWindow: number;
    constructor(options: { timeWindow?: number }) {
      this.timeWindow = Number(options.timeWindow ?? 60_000);
    }
    incr(key: string, callback: Incr, timeWindow?: number) {
      countRequest(db, `api:${key}`, Number(timeWindow ?? this.timeWindow))
        .then(({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }))
        .catch((error: Error) => callback(error));
    }
    child(routeOptions: object) {
      const { timeWindow } = routeOptions as { timeWindow?: number };
      return new DatabaseStore({ timeWindow: timeWindow ?? this.timeWindow });
    }
  };
}

/** better-auth's rate-limit storage over `countRequest`: sign-in attempts counted like any request. */
export function authRateLimitStorage(db: Db) {
  return {
    async consume(key: string, rule: { window: number; max: number }) {
      const { count, ttlMs } = await countRequest(db, `auth:${key}`, rule.window * 1000);
      return count <= rule.max
        ? { allowed: true, retryAfter: null }
        : { allowed: false, retryAfter: Math.ceil(ttlMs / 1000) };
    },
  };
}
