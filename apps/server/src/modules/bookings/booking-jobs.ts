import type { PgBoss } from 'pg-boss';
import { type BookingDeps, queueDueReminders } from './bookings.service.ts';

const REMINDER_QUEUE = 'booking-reminders';

/** Every five minutes, the reminders of bookings starting within 24 hours go to the outbox (once each). */
export async function startBookingJobs(boss: PgBoss, deps: BookingDeps) {
  await boss.createQueue(REMINDER_QUEUE, { policy: 'singleton' });
  await boss.work(REMINDER_QUEUE, async () => {
    await queueDueReminders(deps);
  });
  await boss.schedule(REMINDER_QUEUE, '*/5 * * * *');
  await queueDueReminders(deps);
}
