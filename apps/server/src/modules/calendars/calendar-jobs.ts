import type { PgBoss } from 'pg-boss';
import { runOnCron } from '../../lib/jobs.ts';
import { type CalendarDeps, refreshAllOutsideCalendars } from './outside-calendars.service.ts';

const REFRESH_QUEUE = 'outside-calendar-refresh';

/** Every five minutes the owner's other calendars are read again, by one instance at a time (a singleton queue). */
export async function startCalendarJobs(boss: PgBoss, deps: CalendarDeps) {
  await runOnCron(boss, REFRESH_QUEUE, '*/5 * * * *', () => refreshAllOutsideCalendars(deps));
  await boss.send(REFRESH_QUEUE, null);
}
