import type { PgBoss, QueueOptions } from 'pg-boss';

/**
 * The queues and cron schedules the database already holds, read once per start: a start after the first writes
 * none of them again (pg-boss's `createQueue` keeps an existing queue as it is and `schedule` rewrites the same row,
 * each in a write transaction of its own: some forty at every start, seconds on PGlite).
 */
const existing = new WeakMap<PgBoss, Promise<{ queues: Set<string>; schedules: Map<string, string> }>>();

function existingOf(boss: PgBoss) {
  let known = existing.get(boss);
  if (!known) {
    known = Promise.all([boss.getQueues(), boss.getSchedules()]).then(([queues, schedules]) => ({
      queues: new Set(queues.map((queue) => queue.name)),
      schedules: new Map(schedules.map((row) => [row.name, scheduleKey(row.cron, row.timezone)])),
    }));
    existing.set(boss, known);
  }
  return known;
}

const scheduleKey = (cron: string, timezone: string | undefined) => `${cron} ${timezone ?? 'UTC'}`;

/** A queue that one instance at a time works (a singleton queue), each job running `run`. */
export async function workAlone(boss: PgBoss, queue: string, run: () => Promise<unknown>, options: QueueOptions = {}) {
  if (!(await existingOf(boss)).queues.has(queue)) await boss.createQueue(queue, { policy: 'singleton', ...options });
  await boss.work(queue, async () => {
    await run();
  });
}

/**
 * `run` on pg-boss's cron, on a singleton queue: on several instances it runs once. `tz` reads the cron on the
 * business's clock; without it, on UTC.
 */
export async function runOnCron(
  boss: PgBoss,
  queue: string,
  cron: string,
  run: () => Promise<unknown>,
  { tz, ...options }: QueueOptions & { tz?: string } = {},
) {
  await workAlone(boss, queue, run, options);
  if ((await existingOf(boss)).schedules.get(queue) !== scheduleKey(cron, tz))
    await boss.schedule(queue, cron, null, tz ? { tz } : undefined);
}

/**
 * `run` every `seconds` on a singleton queue. pg-boss's cron counts in whole minutes, so each instance asks on a timer
 * of its own, and the job's singleton slot (one job per `seconds` of the clock, held by a unique index in the
 * database) makes one run per slot however many instances ask: nothing is kept in memory but the timer. A failed ask
 * is logged with `failure` and tried again at the next tick.
 */
export async function runEverySeconds(
  boss: PgBoss,
  queue: string,
  seconds: number,
  run: () => Promise<unknown>,
  { logger, failure }: { logger?: { warn(o: object, m: string): void }; failure: string },
) {
  await workAlone(boss, queue, run);
  const ask = () =>
    boss.send(queue, null, { singletonSeconds: seconds }).catch((error: unknown) => {
      logger?.warn({ err: error }, failure);
    });
  const timer = setInterval(ask, seconds * 1000);
  timer.unref();
  boss.once('stopped', () => clearInterval(timer));
}
