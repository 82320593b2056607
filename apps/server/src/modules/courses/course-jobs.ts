import type { PgBoss } from 'pg-boss';
import { runOnCron } from '../../lib/jobs.ts';
import type { CourseDeps } from './course-rules.ts';
import { expireCourses } from './expire-courses.ts';

const EXPIRY_QUEUE = 'course-expiry';

/** Once a day, just after midnight on the business's clock, courses past their last day release what was left. */
export async function startCourseJobs(boss: PgBoss, deps: CourseDeps) {
  await runOnCron(boss, EXPIRY_QUEUE, '7 0 * * *', () => expireCourses(deps), { tz: deps.env.BUSINESS_TIME_ZONE });
  await expireCourses(deps);
}
