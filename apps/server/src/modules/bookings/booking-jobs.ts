import type { PgBoss } from 'pg-boss';
import type { BookingDeps } from '../../app-context.ts';
import { runEverySeconds, runOnCron } from '../../lib/jobs.ts';
import { releaseExpiredBankDeposits } from '../payments/bank-transfer-deposits.ts';
import { retryOnlineRefunds } from '../payments/online-refunds.ts';
import { releaseExpiredHolds } from '../payments/stripe-webhook.service.ts';
import { queueDueReminders } from './booking-reminders.ts';

const REMINDER_QUEUE = 'booking-reminders';
const HOLD_QUEUE = 'booking-payment-holds';
const REFUND_QUEUE = 'online-refund-retries';

/**
 * Every five minutes, the reminders of bookings starting within 24 hours go to the outbox (once each). Every
 * PAYMENT_HOLD_SWEEP_S seconds (a minute unless told otherwise), bookings still awaiting payment after their hold give
 * their time back (decision 047): see startHoldSweep.
 */
export async function startBookingJobs(boss: PgBoss, deps: BookingDeps) {
  await runOnCron(boss, REMINDER_QUEUE, '*/5 * * * *', () => queueDueReminders(deps));
  await queueDueReminders(deps);
  await startHoldSweep(boss, deps);
  await runOnCron(boss, REFUND_QUEUE, '* * * * *', () => retryOnlineRefunds(deps));
}

/**
 * The sweep of payment holds that ran out, every PAYMENT_HOLD_SWEEP_S seconds (one sweep per slot however many
 * instances ask: see runEverySeconds). The every-minute cron schedule of earlier versions is removed, or it would add
 * a sweep of its own each minute.
 */
async function startHoldSweep(boss: PgBoss, deps: BookingDeps) {
  await runEverySeconds(
    boss,
    HOLD_QUEUE,
    deps.env.PAYMENT_HOLD_SWEEP_S,
    async () => {
      await releaseExpiredHolds(deps);
      // Deposits by bank transfer not received by their deadline (decision 066) are released by the same sweep.
      await releaseExpiredBankDeposits(deps);
    },
    { logger: deps.logger, failure: 'could not queue the sweep of payment holds' },
  );
  await boss.unschedule(HOLD_QUEUE);
  await releaseExpiredHolds(deps);
  await releaseExpiredBankDeposits(deps);
}
