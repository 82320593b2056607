import type { Env } from '../env.ts';
import { localDateOf } from './zoned-time.ts';

/** Deps that may carry a clock: tests set one; the app leaves it out and runs on the real time. */
export type WithClock = { now?: () => number };

/** The instant now (UTC milliseconds) by the deps' clock. */
export const now = (deps: WithClock) => deps.now?.() ?? Date.now();

/** Today's date, YYYY-MM-DD, on the business's clock. */
export const todayOf = (deps: WithClock & { env: Pick<Env, 'BUSINESS_TIME_ZONE'> }) =>
  localDateOf(now(deps), deps.env.BUSINESS_TIME_ZONE);
