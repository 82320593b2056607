// What every course verb shares: the deps, the view of a course and its history, the ledger's account and the
// posting that may carry nothing (the clock and the dates are lib's). Below the verbs; imports none of them.
import { accountCodes, type Course, type CourseHistoryItem, type CourseProduct, courseLabel } from '@app/shared';
import { eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  booking,
  courseAdjustment,
  type courseProduct,
  type coursePurchase,
  courseSessionUse,
  user,
} from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import type { CourseForPosting } from '../ledger/course-postings.ts';
import { ensureSystemAccount, postJournalEntry } from '../ledger/ledger.service.ts';
import type { EntryDraft } from '../ledger/postings.ts';
import type { StripeAccount } from '../payments/stripe-client.ts';

export type CourseDeps = { db: Db; env: Env; stripe?: StripeAccount | null; now?: () => number };
/** A course step inside the caller's transaction. */
export type CourseTx = Pick<CourseDeps, 'env' | 'now'> & { tx: DbOrTx };
export type CourseRow = typeof coursePurchase.$inferSelect;
export type CourseProductRow = typeof courseProduct.$inferSelect;

export const forPosting = (row: CourseRow): CourseForPosting => ({
  courseId: row.id,
  sessions: row.sessions,
  pricePence: row.pricePence,
  vatRateBp: row.vatRateBp,
  style: row.style,
  serviceType: row.serviceType,
});

/**
 * Posts a course's entry, adding 2320 to the chart the first time (it came after the chart's migration). A session of
 * a course worth a few pence can carry no net once its VAT is rounded: nothing then moves in the books.
 */
export async function postCourseEntry(tx: DbOrTx, request: { draft: EntryDraft; by: string | null }) {
  const { draft, by } = request;
  if (draft.lines.length < 2) return;
  await ensureSystemAccount(tx, {
    code: accountCodes.coursesOutstanding,
    name: 'Course sessions outstanding',
    kind: 'liability',
  });
  await postJournalEntry(tx, { draft, createdBy: by });
}

export function productView(row: CourseProductRow, singlePricePence: number | null): CourseProduct {
  return {
    id: row.id,
    serviceId: row.serviceId,
    label: courseLabel(row),
    serviceName: row.serviceName,
    style: row.style,
    durationMinutes: row.durationMinutes,
    sessions: row.sessions,
    pricePence: row.pricePence,
    expiryMonths: row.expiryMonths,
    active: row.active,
    singlePricePence,
  };
}

function statusOf(row: CourseRow): Course['status'] {
  if (row.status === 'active' && row.sessionsLeft === 0) return 'used_up';
  return row.status;
}

/** Courses as their owner or the client reads them, each with its history oldest first. */
export async function courseViews(db: DbOrTx, rows: CourseRow[]): Promise<Course[]> {
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const [uses, adjustments, clients] = await Promise.all([
    db
      .select({
        purchaseId: courseSessionUse.purchaseId,
        bookingId: courseSessionUse.bookingId,
        usedAt: courseSessionUse.usedAt,
        returnedAt: courseSessionUse.returnedAt,
        startsAt: booking.startsAt,
      })
      .from(courseSessionUse)
      .leftJoin(booking, eq(booking.id, courseSessionUse.bookingId))
      .where(inArray(courseSessionUse.purchaseId, ids)),
    db.select().from(courseAdjustment).where(inArray(courseAdjustment.purchaseId, ids)),
    db
      .select({ id: user.id, name: user.name })
      .from(user)
      .where(
        inArray(
          user.id,
          rows.map((row) => row.clientId),
        ),
      ),
  ]);
  const names = new Map(clients.map((client) => [client.id, client.name]));
  return rows.map((row) => {
    const history: CourseHistoryItem[] = [
      {
        kind: 'bought',
        at: row.createdAt.toISOString(),
        change: row.sessions,
        bookingId: null,
        bookingStartsAt: null,
        reason: null,
      },
    ];
    for (const use of uses.filter((u) => u.purchaseId === row.id)) {
      const item = { bookingId: use.bookingId, bookingStartsAt: use.startsAt?.toISOString() ?? null, reason: null };
      history.push({ kind: 'used', at: use.usedAt.toISOString(), change: -1, ...item });
      if (use.returnedAt) history.push({ kind: 'returned', at: use.returnedAt.toISOString(), change: 1, ...item });
    }
    for (const adjustment of adjustments.filter((a) => a.purchaseId === row.id))
      history.push({
        kind: 'adjusted',
        at: adjustment.adjustedAt.toISOString(),
        change: adjustment.change,
        bookingId: null,
        bookingStartsAt: null,
        reason: adjustment.reason,
      });
    if (row.status === 'expired')
      history.push({
        kind: 'expired',
        at: row.updatedAt.toISOString(),
        change: -row.expiredSessions,
        bookingId: null,
        bookingStartsAt: null,
        reason: null,
      });
    history.sort((a, b) => a.at.localeCompare(b.at));
    return {
      id: row.id,
      clientId: row.clientId,
      clientName: names.get(row.clientId) ?? '',
      label: courseLabel(row),
      serviceId: row.serviceId,
      serviceName: row.serviceName,
      style: row.style,
      durationMinutes: row.durationMinutes,
      sessions: row.sessions,
      sessionsLeft: row.sessionsLeft,
      pricePence: row.pricePence,
      status: statusOf(row),
      soldBy: row.soldBy,
      expiresOn: row.expiresOn,
      createdAt: row.createdAt.toISOString(),
      history,
    };
  });
}
