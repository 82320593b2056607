import { AppError, adjustCourseInput, type Course, courseLabel } from '@app/shared';
import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type booking, courseAdjustment, coursePurchase, courseSessionUse, service } from '../../db/schema.ts';
import { now, todayOf } from '../../lib/clock.ts';
import { parseInput, uuidPattern } from '../../lib/validation.ts';
import { localDateOf } from '../../lib/zoned-time.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type RowInputRequest, requireRole } from '../auth/actor.ts';
import { courseAdjustedEntry, courseSessionReturnedEntry, courseSessionUsedEntry } from '../ledger/course-postings.ts';
import { readPaymentPolicy } from '../payments/payment-policy.service.ts';
import {
  type CourseDeps,
  type CourseRow,
  type CourseTx,
  courseViews,
  forPosting,
  postCourseEntry,
} from './course-rules.ts';

type BookingRow = typeof booking.$inferSelect;

function longDay(env: CourseTx['env'], date: string) {
  return new Intl.DateTimeFormat(env.BUSINESS_LOCALE, { timeZone: 'UTC', dateStyle: 'long' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/**
 * The client's course a booking asks to be paid with, locked in the booking's transaction, once every rule holds:
 * theirs, active, a session left, the same treatment and length, and the appointment on or before its last day.
 * Null when the booking names no course.
 */
export async function courseSessionFor(
  deps: CourseTx,
  request: {
    courseId?: string | undefined;
    clientId: string;
    serviceId: string;
    durationMinutes: number;
    startsAt: number;
  },
): Promise<CourseSession | null> {
  if (!request.courseId) return null;
  const [row] = await deps.tx
    .select()
    .from(coursePurchase)
    .where(and(eq(coursePurchase.id, request.courseId), eq(coursePurchase.clientId, request.clientId)))
    .for('update');
  if (!row || row.status === 'awaiting_payment' || row.status === 'cancelled')
    throw new AppError('VALIDATION', 'courseId: This is not one of your courses.');
  const lastDay = longDay(deps.env, row.expiresOn);
  if (row.status === 'expired' || row.expiresOn < todayOf(deps))
    throw new AppError('VALIDATION', `courseId: This course expired on ${lastDay}.`);
  if (row.sessionsLeft < 1) throw new AppError('VALIDATION', 'courseId: Every session of this course has been used.');
  if (row.serviceId !== request.serviceId || row.durationMinutes !== request.durationMinutes)
    throw new AppError(
      'VALIDATION',
      `courseId: This course is for ${row.durationMinutes} minutes of ${row.serviceName}: choose that to use a session.`,
    );
  if (localDateOf(request.startsAt, deps.env.BUSINESS_TIME_ZONE) > row.expiresOn)
    throw new AppError('VALIDATION', `courseId: This course is valid until ${lastDay}: choose a day on or before it.`);
  const [treatment] = await deps.tx
    .select({ durations: service.durations })
    .from(service)
    .where(eq(service.id, request.serviceId));
  const length = treatment?.durations.find((d) => d.minutes === row.durationMinutes);
  return { course: row, coveredPence: length?.pricePence ?? 0 };
}

/** The course a booking is paid with, and what its session pays: the treatment's price at that length today. */
export type CourseSession = { course: CourseRow; coveredPence: number };

/** One session of the course pays for the booking, in the booking's transaction: 1/N of the course becomes a sale. */
export async function useCourseSession(
  deps: CourseTx,
  request: { session: CourseSession; coveredPence: number; bookingRow: BookingRow; by: string | null },
) {
  const { tx } = deps;
  const course = request.session.course;
  const [spent] = await tx
    .update(coursePurchase)
    .set({ sessionsLeft: sql`${coursePurchase.sessionsLeft} - 1`, updatedAt: new Date(now(deps)) })
    .where(
      and(eq(coursePurchase.id, course.id), eq(coursePurchase.status, 'active'), gte(coursePurchase.sessionsLeft, 1)),
    )
    .returning();
  if (!spent) throw new AppError('VALIDATION', 'courseId: Every session of this course has been used.');
  const [use] = await tx
    .insert(courseSessionUse)
    .values({
      purchaseId: spent.id,
      bookingId: request.bookingRow.id,
      coveredPence: request.coveredPence,
      usedBy: request.by,
      usedAt: new Date(now(deps)),
    })
    .returning();
  if (!use) throw new Error('course session use insert returned no row');
  await postCourseEntry(tx, {
    draft: courseSessionUsedEntry({
      useId: use.id,
      course: forPosting(spent),
      leftBefore: spent.sessionsLeft + 1,
      date: todayOf(deps),
      description: `Course session used: ${courseLabel(spent)}`,
    }),
    by: request.by,
  });
  return use;
}

export type CourseSessionOutcome = 'returned' | 'kept' | 'expired';

/**
 * What cancelling a booking paid with a session does to it, in the cancelling's transaction, by the terms of
 * cancellation-terms.ts: back onto the course when the client cancels inside the free cancellation window or the
 * business cancels and pays back (or declines the request); kept (used) when the client cancels later or the
 * business cancels without paying back. A course that has expired meanwhile takes nothing
 * back (its sessions were released). Null when no session paid for the booking.
 */
export async function giveBackCourseSession(
  deps: CourseTx,
  request: { bookingRow: BookingRow; at: number; by: 'client' | 'business'; actorId: string | null; refund?: boolean },
): Promise<CourseSessionOutcome | null> {
  const { tx } = deps;
  const { bookingRow } = request;
  const [use] = await tx
    .select()
    .from(courseSessionUse)
    .where(and(eq(courseSessionUse.bookingId, bookingRow.id), isNull(courseSessionUse.returnedAt)))
    .for('update');
  if (!use) return null;
  const { freeCancellationHours } = await readPaymentPolicy(tx);
  const late = bookingRow.startsAt.getTime() - request.at < freeCancellationHours * 3_600_000;
  if (request.by === 'client' && late) return 'kept';
  // The owner's cancel gives it back when they pay back (on by default), as a voucher's part (decision 057).
  if (request.by === 'business' && request.refund === false) return 'kept';
  const [row] = await tx.select().from(coursePurchase).where(eq(coursePurchase.id, use.purchaseId)).for('update');
  if (row?.status !== 'active') return 'expired';
  const markReturned = () =>
    tx
      .update(courseSessionUse)
      .set({ returnedAt: new Date(now(deps)) })
      .where(eq(courseSessionUse.id, use.id));
  // A course never holds more sessions than were bought: when the owner has already added this one back by hand
  // (Adjust sessions), it is back on the course, and is not given back twice.
  if (row.sessionsLeft >= row.sessions) {
    await markReturned();
    return 'returned';
  }
  const [back] = await tx
    .update(coursePurchase)
    .set({ sessionsLeft: row.sessionsLeft + 1, updatedAt: new Date(now(deps)) })
    .where(eq(coursePurchase.id, row.id))
    .returning();
  await markReturned();
  await postCourseEntry(tx, {
    draft: courseSessionReturnedEntry({
      useId: use.id,
      course: forPosting(back ?? row),
      leftBefore: row.sessionsLeft,
      date: todayOf(deps),
      description: `Course session given back: ${courseLabel(row)}, booking cancelled`,
    }),
    by: request.actorId,
  });
  return 'returned';
}

/** What a session of a course paid towards the booking (not given back): received, like a voucher's part. */
export async function coursePaidOf(tx: DbOrTx, request: { bookingId: string }): Promise<number> {
  const [row] = await tx
    .select({ total: sql<number>`coalesce(sum(${courseSessionUse.coveredPence}), 0)`.mapWith(Number) })
    .from(courseSessionUse)
    .where(and(eq(courseSessionUse.bookingId, request.bookingId), isNull(courseSessionUse.returnedAt)));
  return row?.total ?? 0;
}

/**
 * The owner corrects the sessions left on an active course, with a reason: taken off as used (a sale), added back
 * as given back, never below none nor above the sessions bought. Audited, and in the course's history.
 */
export async function adjustCourse(deps: CourseDeps, request: RowInputRequest) {
  const admin = requireRole(request.actor, 'admin');
  const data = parseInput(adjustCourseInput, request.input);
  const row = await deps.db.transaction(async (tx) => {
    const [before] = uuidPattern.test(request.id)
      ? await tx.select().from(coursePurchase).where(eq(coursePurchase.id, request.id)).for('update')
      : [];
    if (!before) throw new AppError('NOT_FOUND', 'No such course.');
    if (before.status !== 'active') throw new AppError('CONFLICT', 'Only an active course can be adjusted.');
    const after = before.sessionsLeft + data.change;
    if (after < 0 || after > before.sessions)
      throw new AppError(
        'VALIDATION',
        `change: This course has ${before.sessionsLeft} of ${before.sessions} sessions left: take off at most ${before.sessionsLeft} or add at most ${before.sessions - before.sessionsLeft}.`,
      );
    const [updated] = await tx
      .update(coursePurchase)
      .set({ sessionsLeft: after, updatedAt: new Date(now(deps)) })
      .where(eq(coursePurchase.id, before.id))
      .returning();
    if (!updated) throw new Error('course update returned no row');
    const [adjustment] = await tx
      .insert(courseAdjustment)
      .values({
        purchaseId: before.id,
        change: data.change,
        reason: data.reason,
        adjustedBy: admin.id,
        adjustedAt: new Date(now(deps)),
      })
      .returning();
    if (!adjustment) throw new Error('course adjustment insert returned no row');
    await postCourseEntry(tx, {
      draft: courseAdjustedEntry({
        adjustmentId: adjustment.id,
        course: forPosting(updated),
        leftBefore: before.sessionsLeft,
        leftAfter: after,
        date: todayOf(deps),
        description: `Course sessions adjusted (${data.change > 0 ? '+' : ''}${data.change}): ${data.reason}`,
      }),
      by: admin.id,
    });
    await recordAudit(tx, {
      actor: admin,
      action: 'course.adjust',
      entityType: 'course',
      entityId: before.id,
      before: { sessionsLeft: before.sessionsLeft },
      after: { sessionsLeft: after, reason: data.reason },
    });
    return updated;
  });
  const [view] = await courseViews(deps.db, [row]);
  return view as Course;
}
