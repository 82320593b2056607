import type { PgBoss } from 'pg-boss';
import { runOnCron } from '../../lib/jobs.ts';
import { type StripeBalanceDeps, syncStripeBalance } from './stripe-balance.service.ts';

const BALANCE_QUEUE = 'stripe-balance';

/**
 * Every day at 05:15 in the business time zone, after Stripe's overnight payouts, its fees and payouts are read
 * into the books (decision 054). Singleton: on several instances pg-boss runs it once, and the table of ids read
 * makes an overlapping run post nothing twice anyway.
 */
export async function startStripeJobs(boss: PgBoss, deps: StripeBalanceDeps) {
  await runOnCron(boss, BALANCE_QUEUE, '15 5 * * *', () => syncStripeBalance(deps), {
    tz: deps.env.BUSINESS_TIME_ZONE,
    retryLimit: 3,
    retryDelay: 900,
  });
}
