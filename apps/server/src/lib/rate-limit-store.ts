import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * Counts `n` requests against `key` in a fixed window and returns the count and the time left: one statement.
 * Counters live in the database so every server instance sees the same numbers. On PostgreSQL `db` is the
 * counters' own small pool, whose sessions commit without waiting for the disk (a counter lost in a crash does no
 * harm; see openDatabase).
 */
export async function countRequest(
  db: Db,
  key: string,
  windowMs: number,
  n = 1,
): Promise<{ count: number; ttlMs: number }> {
  const result = await db.execute(sql`
    insert into request_counter (key, count, expires_at)
    values (${key}, ${n}, now() + ${windowMs} * interval '1 millisecond')
    on conflict (key) do update set
      count = case when request_counter.expires_at <= now() then ${n} else request_counter.count + ${n} end,
      expires_at = case when request_counter.expires_at <= now() then excluded.expires_at else request_counter.expires_at end
    returning count, greatest(0, extract(epoch from (expires_at - now())) * 1000)::int as ttl`);
  const row = (result as unknown as { rows: { count: number; ttl: number }[] }).rows[0];
  return { count: Number(row?.count ?? n), ttlMs: Number(row?.ttl ?? windowMs) };
}

/**
 * The most requests one instance takes from the shared count at once, which is also the most it may leave unused
 * when a window ends: a fortieth of the limit (15 of the default 600), at least 1, at most 1,024. So an instance
 * forgoes at most 2.5 % of a limit, and a high limit costs one statement per thousand requests, not per sixteen.
 */
export const leaseMaxOf = (max: number) => Math.max(1, Math.min(1024, Math.floor(max / 40)));

type Incr = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * @fastify/rate-limit store over `countRequest`, in two stages so that the database is not paid on every request:
 * - a caller the shared count has put over its limit is refused from memory until the window ends;
 * - a caller still within it takes its requests from the shared count in leases: one at first (a visitor's
 *   request costs one statement, as before), then twice as many each time it comes back within the window, up to
 *   leaseMaxOf(limit) and never past what the limit has left as last seen, and spends them here without asking again.
 * Every leased request is counted in the shared count before it is served, so all instances together never let a
 * caller past its limit; an instance may end a window with a few leased requests unused (at most leaseMaxOf), so a
 * caller spread over several instances may get that many fewer. Only leases and "refused until" are kept in
 * memory, and another instance learns the same from the shared count on its own.
 */
export function databaseRateLimitStore(db: Db, max: number) {
  type Lease = {
    until: number;
    /** The shared count before this lease: its requests are numbered from here. */
    base: number;
    granted: number;
    used: number;
    nextSize: number;
    /** The shared count as last seen. */
    seen: number;
    taking: Promise<void> | null;
  };
  const leases = new Map<string, Lease>();
  const refusedUntil = new Map<string, { until: number; count: number }>();
  const forget = (now: number) => {
    for (const [key, entry] of refusedUntil) if (entry.until <= now) refusedUntil.delete(key);
    for (const [key, lease] of leases) if (lease.until <= now && !lease.taking) leases.delete(key);
  };
  return class DatabaseStore {
    timeWindow: number;
    max: number;
    leaseMax: number;
    constructor(options: { timeWindow?: number; max?: number }) {
      this.timeWindow = Number(options.timeWindow ?? 60_000);
      this.max = typeof options.max === 'number' ? options.max : max;
      this.leaseMax = leaseMaxOf(this.max);
    }
    incr(key: string, callback: Incr, timeWindow?: number) {
      const now = Date.now();
      const refused = refusedUntil.get(key);
      if (refused && refused.until > now) {
        refused.count++;
        callback(null, { current: refused.count, ttl: refused.until - now });
        return;
      }
      const window = Number(timeWindow ?? this.timeWindow);
      const current = leases.get(key);
      const lease = current && (current.until > now || current.taking) ? current : undefined;
      if (lease?.taking) {
        // Another request of this caller is taking a lease: this one is served from it, or takes the next.
        lease.taking.then(
          () => this.incr(key, callback, timeWindow),
          (error: Error) => callback(error),
        );
        return;
      }
      if (lease && lease.used < lease.granted) {
        lease.used++;
        callback(null, { current: lease.base + lease.used, ttl: lease.until - now });
        return;
      }
      if (leases.size + refusedUntil.size > 10_000) forget(now);
      const size = lease ? Math.min(lease.nextSize, Math.max(1, this.max - lease.seen)) : 1;
      const next: Lease = lease ?? {
        until: now + window,
        base: 0,
        granted: 0,
        used: 0,
        nextSize: 1,
        seen: 0,
        taking: null,
      };
      leases.set(key, next);
      next.taking = countRequest(db, `api:${key}`, window, size).then(
        ({ count, ttlMs }) => {
          next.taking = null;
          next.until = Date.now() + ttlMs;
          next.seen = count;
          next.base = count - size;
          next.granted = Math.max(0, Math.min(size, this.max - next.base));
          next.used = 0;
          next.nextSize = Math.min(this.leaseMax, size * 2);
          if (next.granted === 0) {
            leases.delete(key);
            refusedUntil.set(key, { until: next.until, count });
          }
        },
        (error: Error) => {
          next.taking = null;
          leases.delete(key);
          throw error;
        },
      );
      next.taking.then(
        () => this.incr(key, callback, timeWindow),
        (error: Error) => callback(error),
      );
    }
    child(routeOptions: object) {
      const options = routeOptions as { timeWindow?: number; max?: number };
      return new DatabaseStore({ timeWindow: options.timeWindow ?? this.timeWindow, max: options.max ?? this.max });
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
