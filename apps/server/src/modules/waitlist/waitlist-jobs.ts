import type { PgBoss } from 'pg-boss';
import type { BookingDeps } from '../../app-context.ts';
import { runEverySeconds } from '../../lib/jobs.ts';
import { offerFreedTimes } from './waitlist-offers.ts';

const OFFER_QUEUE = 'waitlist-offers';
/** How often an instance asks for freed times to be offered: a cancelled time reaches the waitlist within seconds. */
const OFFER_EVERY_S = 5;

/**
 * Freed times become offers outside the request that freed them (decision 083). Each instance asks on a timer of its
 * own; the job's singleton slot makes one run per slot however many ask, and each freed time is claimed by one run.
 */
export async function startWaitlistJobs(boss: PgBoss, deps: BookingDeps) {
  await runEverySeconds(boss, OFFER_QUEUE, OFFER_EVERY_S, () => offerFreedTimes(deps), {
    logger: deps.logger,
    failure: 'could not queue the waitlist offers',
  });
}
