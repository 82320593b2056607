import type { PgBoss } from 'pg-boss';
import type { BookingDeps } from '../../app-context.ts';
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
  await boss.createQueue(REMINDER_QUEUE, { policy: 'singleton' });
  await boss.work(REMINDER_QUEUE, async () => {
    await queueDueReminders(deps);
  });
  await boss.schedule(REMINDER_QUEUE, '*/5 * * * *');
  await queueDueReminders(deps);
  await startHoldSweep(boss, deps);
  await boss.createQueue(REFUND_QUEUE, { policy: 'singleton' });
  await boss.work(REFUND_QUEUE, async () => {
    await retryOnlineRefunds(deps);
  });
  await boss.schedule(REFUND_QUEUE, '* * * * *');
}

/**
 * The sweep of payment holds that ran out, every PAYMENT_HOLD_SWEEP_S seconds. pg-boss's cron counts in whole
 * minutes, so each instance asks for a sweep on a timer of its own, and the job's singleton slot (one job per
 * PAYMENT_HOLD_SWEEP_S seconds of the clock, held by a unique index in the database) makes that one sweep per slot
 * however many instances ask: nothing is kept in memory but the timer. The every-minute cron schedule of earlier
 * versions is removed, or it would add a sweep of its own each minute.
 */
async function startHoldSweep(boss: PgBoss, deps: BookingDeps) {
  const every = deps.env.PAYMENT_HOLD_SWEEP_S;
  await boss.createQueue(HOLD_QUEUE, { policy: 'singleton' });
  await boss.work(HOLD_QUEUE, async () => {
    await releaseExpiredHolds(deps);
    // Deposits by bank transfer not received by their deadline (decision 066) are released by the same sweep.
    await releaseExpiredBankDeposits(deps);
  });
  await boss.unschedule(HOLD_QUEUE);
  const askForSweep = () =>
    boss.send(HOLD_QUEUE, null, { singletonSeconds: every }).catch((error: unknown) => {
      deps.logger?.warn({ err: error }, 'could not queue the sweep of payment holds');
    });
  const timer = setInterval(askForSweep, every * 1000);
  timer.unref();
  boss.once('stopped', () => clearInterval(timer));
  await releaseExpiredHolds(deps);
  await releaseExpiredBankDeposits(deps);
}
