import type { PgBoss } from 'pg-boss';
import { type CalendarDeps, refreshAllOutsideCalendars } from './outside-calendars.service.ts';

const REFRESH_QUEUE = 'outside-calendar-refresh';

/** Every five minutes the owner's other calendars are read again, by one instance at a time (a singleton queue). */
export async function startCalendarJobs(boss: PgBoss, deps: CalendarDeps) {
  await boss.createQueue(REFRESH_QUEUE, { policy: 'singleton' });
  await boss.work(REFRESH_QUEUE, async () => {
    await refreshAllOutsideCalendars(deps);
  });
  await boss.schedule(REFRESH_QUEUE, '*/5 * * * *');
  await boss.send(REFRESH_QUEUE, null);
}
