import type { Course } from '@app/shared';
import { and, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import { z } from 'zod';
import { coursePurchase, user } from '../../db/schema.ts';
import { parseInput } from '../../lib/validation.ts';
import { type Actor, type QueryRequest, requireRole, requireSignedIn } from '../auth/actor.ts';
import { type CourseDeps, courseViews } from './course-rules.ts';

const listCoursesQuery = z.strictObject({
  /** One client's courses (their page), or any whose client's name or email holds `q`. */
  clientId: z.string().trim().max(100).optional(),
  q: z.string().trim().max(120).optional(),
});

/** The owner's view: every course sold or being paid, newest first, with balances and history. */
export async function listCourses(deps: CourseDeps, request: QueryRequest) {
  requireRole(request.actor, 'admin');
  const filters = parseInput(listCoursesQuery, request.query ?? {});
  const conditions = [inArray(coursePurchase.status, ['active', 'expired'])];
  if (filters.clientId) conditions.push(eq(coursePurchase.clientId, filters.clientId));
  const rows = await deps.db
    .select({ course: coursePurchase })
    .from(coursePurchase)
    .innerJoin(user, eq(user.id, coursePurchase.clientId))
    .where(
      and(
        ...conditions,
        filters.q ? or(ilike(user.name, `%${filters.q}%`), ilike(user.email, `%${filters.q}%`)) : undefined,
      ),
    )
    .orderBy(desc(coursePurchase.createdAt))
    .limit(200);
  return courseViews(
    deps.db,
    rows.map((row) => row.course),
  );
}

/** A client's own courses (paid ones), newest first: what they can book with and what was used. */
export async function myCourses(deps: CourseDeps, request: { actor: Actor | null }): Promise<Course[]> {
  const me = requireSignedIn(request.actor);
  const rows = await deps.db
    .select()
    .from(coursePurchase)
    .where(and(eq(coursePurchase.clientId, me.id), inArray(coursePurchase.status, ['active', 'expired'])))
    .orderBy(desc(coursePurchase.createdAt));
  return courseViews(deps.db, rows);
}
