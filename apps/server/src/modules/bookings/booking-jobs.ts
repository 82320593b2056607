import type { PgBoss } from 'pg-boss';
import { retryOnlineRefunds } from '../payments/online-refunds.ts';
import { releaseExpiredHolds } from '../payments/stripe-webhook.service.ts';
import { type BookingDeps, queueDueReminders } from './bookings.service.ts';

const REMINDER_QUEUE = 'booking-reminders';
const HOLD_QUEUE = 'booking-payment-holds';
const REFUND_QUEUE = 'online-refund-retries';

/**
 * Every five minutes, the reminders of bookings starting within 24 hours go to the outbox (once each). Every minute,
 * bookings still awaiting payment after their hold give their time back (issue 13).
 */
export async function startBookingJobs(boss: PgBoss, deps: BookingDeps) {
  await boss.createQueue(REMINDER_QUEUE, { policy: 'singleton' });
  await boss.work(REMINDER_QUEUE, async () => {
    await queueDueReminders(deps);
  });
  await boss.schedule(REMINDER_QUEUE, '*/5 * * * *');
  await queueDueReminders(deps);
  await boss.createQueue(HOLD_QUEUE, { policy: 'singleton' });
  await boss.work(HOLD_QUEUE, async () => {
    await releaseExpiredHolds(deps);
  });
  await boss.schedule(HOLD_QUEUE, '* * * * *');
  await releaseExpiredHolds(deps);
  await boss.createQueue(REFUND_QUEUE, { policy: 'singleton' });
  await boss.work(REFUND_QUEUE, async () => {
    await retryOnlineRefunds(deps);
  });
  await boss.schedule(REFUND_QUEUE, '* * * * *');
}
