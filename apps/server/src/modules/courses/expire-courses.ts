import { courseLabel } from '@app/shared';
import { eq } from 'drizzle-orm';
import { coursePurchase } from '../../db/schema.ts';
import { now, todayOf } from '../../lib/clock.ts';
import { expireEachDue } from '../../lib/each-in-transaction.ts';
import { courseExpiredEntry } from '../ledger/course-postings.ts';
import { type CourseDeps, forPosting, postCourseEntry } from './course-rules.ts';

/**
 * The daily job: each course past its last day with sessions left is closed, and what they were worth leaves 2320
 * for other income (decision 081). Each in its own transaction, re-checked under the row's lock.
 */
export async function expireCourses(deps: Pick<CourseDeps, 'db' | 'env' | 'now'>): Promise<number> {
  const today = todayOf(deps);
  return expireEachDue(deps.db, {
    table: coursePurchase,
    today,
    expire: async (tx, row) => {
      if (row.sessionsLeft > 0)
        await postCourseEntry(tx, {
          draft: courseExpiredEntry({
            course: forPosting(row),
            sessionsLeft: row.sessionsLeft,
            date: today,
            description: `Course expired with ${row.sessionsLeft} of ${row.sessions} sessions unused: ${courseLabel(row)}`,
          }),
          by: null,
        });
      await tx
        .update(coursePurchase)
        .set({
          status: 'expired',
          expiredSessions: row.sessionsLeft,
          sessionsLeft: 0,
          updatedAt: new Date(now(deps)),
        })
        .where(eq(coursePurchase.id, row.id));
    },
  });
}
