import {
  type AdminReview,
  AGGREGATE_RATING_MIN_REVIEWS,
  AppError,
  decideReviewInput,
  entityIdSchema,
  leaveReviewInput,
  listReviewsQuery,
  type PublicReview,
  type PublicReviews,
  type ReviewSettings,
  type ReviewVisit,
  reviewSettingsInput,
  zonedParts,
} from '@app/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { booking, review, reviewSettings } from '../../db/schema.ts';
import { saveSingleRow } from '../../lib/single-row.ts';
import { parseInput } from '../../lib/validation.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type Actor, type InputRequest, type QueryRequest, requireRole, requireSignedIn } from '../auth/actor.ts';

/**
 * Reviews of therapeutic visits (decision 074): the client of a completed visit writes one, the owner approves,
 * hides or answers it, and the site shows the approved ones with a first name and a month. A sensual booking is
 * never reviewable, so no review of one can exist to be shown.
 */

type ReviewRow = typeof review.$inferSelect;
type BookingRow = typeof booking.$inferSelect;
type TimeZoneEnv = { BUSINESS_TIME_ZONE: string };

/** How many reviews the site shows at most: the latest approved ones. */
const PUBLIC_REVIEWS_SHOWN = 6;

const monthOf = (at: Date, timeZone: string) => {
  const { year, month } = zonedParts(at.getTime(), timeZone);
  return `${year}-${String(month).padStart(2, '0')}`;
};

/** The first word of the name the client booked under: all the site ever says of who wrote a review. */
export const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] || 'A client';

function toPublicReview(row: ReviewRow, timeZone: string): PublicReview {
  return {
    id: row.id,
    rating: row.rating,
    body: row.body,
    firstName: row.firstName,
    month: monthOf(row.visitedAt, timeZone),
    serviceType: row.serviceType,
    reply: row.reply,
  };
}

/** Whether this visit can be reviewed by this client: theirs, therapeutic and completed. */
export function isReviewable(row: BookingRow, clientId: string): boolean {
  return row.clientId === clientId && row.style === 'therapeutic' && row.status === 'completed';
}

/** The client's own visit; anything else (another's, a sensual one, one not completed) is simply not found. */
async function reviewableVisit(db: DbOrTx, actor: Actor, bookingId: unknown): Promise<BookingRow> {
  const id = entityIdSchema.safeParse(bookingId);
  if (!id.success) throw new AppError('NOT_FOUND', 'There is no visit to review here.');
  const [row] = await db.select().from(booking).where(eq(booking.id, id.data));
  if (!row || !isReviewable(row, actor.id)) throw new AppError('NOT_FOUND', 'There is no visit to review here.');
  return row;
}

export async function getReviewVisit(
  db: Db,
  { actor, bookingId }: { actor: Actor | null; bookingId: unknown },
): Promise<ReviewVisit> {
  const client = requireSignedIn(actor);
  const visit = await reviewableVisit(db, client, bookingId);
  const [own] = await db.select().from(review).where(eq(review.bookingId, visit.id));
  return {
    bookingId: visit.id,
    serviceName: visit.serviceName,
    startsAt: visit.startsAt.toISOString(),
    review: own ? { rating: own.rating, body: own.body, status: own.status, reply: own.reply } : null,
  };
}

/** One review per visit: a second is refused, not merged, so what the owner approved is what stays shown. */
export async function leaveReview(
  db: Db,
  { actor, bookingId, input }: { actor: Actor | null; bookingId: unknown; input: unknown },
): Promise<ReviewVisit> {
  const client = requireSignedIn(actor);
  const { rating, body } = parseInput(leaveReviewInput, input);
  const visit = await reviewableVisit(db, client, bookingId);
  const [made] = await db
    .insert(review)
    .values({
      bookingId: visit.id,
      clientId: client.id,
      serviceType: visit.type,
      rating,
      body,
      firstName: firstNameOf(visit.clientName || client.name),
      visitedAt: visit.startsAt,
    })
    .onConflictDoNothing({ target: review.bookingId })
    .returning();
  if (!made) throw new AppError('CONFLICT', 'You have already reviewed this visit.');
  return getReviewVisit(db, { actor, bookingId: visit.id });
}

/** The client takes their review back: it is deleted, not hidden. */
export async function deleteMyReview(db: Db, { actor, bookingId }: { actor: Actor | null; bookingId: unknown }) {
  const client = requireSignedIn(actor);
  const visit = await reviewableVisit(db, client, bookingId);
  const gone = await db
    .delete(review)
    .where(and(eq(review.bookingId, visit.id), eq(review.clientId, client.id)))
    .returning({ id: review.id });
  if (!gone.length) throw new AppError('NOT_FOUND', 'There is no review of this visit.');
}

/** Approved reviews for the site, the latest first; of one treatment when a type is given. */
export async function publicReviews(
  db: DbOrTx,
  env: TimeZoneEnv,
  { type }: { type?: unknown } = {},
): Promise<PublicReviews> {
  const ofType = typeof type === 'string' && type.length <= 40 ? type : undefined;
  const approved = and(eq(review.status, 'approved'), ofType ? eq(review.serviceType, ofType) : undefined);
  const [rows, summary] = await Promise.all([
    db.select().from(review).where(approved).orderBy(desc(review.visitedAt)).limit(PUBLIC_REVIEWS_SHOWN),
    ratingSummary(db),
  ]);
  return { reviews: rows.map((row) => toPublicReview(row, env.BUSINESS_TIME_ZONE)), summary };
}

/** The average over every approved review, or null below the number that makes it worth showing. */
export async function ratingSummary(db: DbOrTx): Promise<PublicReviews['summary']> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, average: sql<string | null>`avg(${review.rating})` })
    .from(review)
    .where(eq(review.status, 'approved'));
  const count = Number(row?.count ?? 0);
  if (count < AGGREGATE_RATING_MIN_REVIEWS || row?.average == null) return null;
  return { count, average: Math.round(Number(row.average) * 10) / 10 };
}

export async function listReviewsAdmin(
  db: Db,
  env: TimeZoneEnv,
  { actor, query }: QueryRequest,
): Promise<{ reviews: AdminReview[] }> {
  requireRole(actor, 'admin');
  const { status } = parseInput(listReviewsQuery, query ?? {});
  const rows = await db
    .select({ review, clientName: booking.clientName })
    .from(review)
    .innerJoin(booking, eq(booking.id, review.bookingId))
    .where(status ? eq(review.status, status) : undefined)
    .orderBy(desc(review.createdAt))
    .limit(200);
  return {
    reviews: rows.map((row) => ({
      ...toPublicReview(row.review, env.BUSINESS_TIME_ZONE),
      bookingId: row.review.bookingId,
      clientName: row.clientName,
      status: row.review.status,
      createdAt: row.review.createdAt.toISOString(),
    })),
  };
}

export async function decideReview(
  db: Db,
  env: TimeZoneEnv,
  { actor, id, input }: { actor: Actor | null; id: unknown; input: unknown },
): Promise<AdminReview> {
  const owner = requireRole(actor, 'admin');
  const reviewId = entityIdSchema.safeParse(id);
  if (!reviewId.success) throw new AppError('NOT_FOUND', 'This review no longer exists.');
  const { status, reply } = parseInput(decideReviewInput, input);
  // The owner's decision and its audit line are one change: what shows on the site is always traceable to who chose.
  const updated = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(review).where(eq(review.id, reviewId.data)).for('update');
    if (!before) return null;
    const [after] = await tx
      .update(review)
      .set({
        ...(status && { status, decidedAt: new Date() }),
        ...(reply !== undefined && { reply }),
      })
      .where(eq(review.id, reviewId.data))
      .returning();
    if (!after) return null;
    await recordAudit(tx, {
      actor: owner,
      action: status && status !== before.status ? `review.${status}` : 'review.replied',
      entityType: 'review',
      entityId: after.id,
      before: { status: before.status, reply: before.reply },
      after: { status: after.status, reply: after.reply },
    });
    return after;
  });
  if (!updated) throw new AppError('NOT_FOUND', 'This review no longer exists.');
  const [row] = await db
    .select({ clientName: booking.clientName })
    .from(booking)
    .where(eq(booking.id, updated.bookingId));
  return {
    ...toPublicReview(updated, env.BUSINESS_TIME_ZONE),
    bookingId: updated.bookingId,
    clientName: row?.clientName ?? '',
    status: updated.status,
    createdAt: updated.createdAt.toISOString(),
  };
}

export async function reviewSettingsOf(db: DbOrTx): Promise<ReviewSettings> {
  const [row] = await db.select().from(reviewSettings).where(eq(reviewSettings.id, 1));
  return { googleReviewUrl: row?.googleReviewUrl ?? '' };
}

export async function getReviewSettings(db: Db, { actor }: { actor: Actor | null }) {
  requireRole(actor, 'admin');
  return reviewSettingsOf(db);
}

export async function updateReviewSettings(db: Db, { actor, input }: InputRequest) {
  const owner = requireRole(actor, 'admin');
  const { googleReviewUrl } = parseInput(reviewSettingsInput, input);
  await db.transaction(async (tx) => {
    const before = await reviewSettingsOf(tx);
    await saveSingleRow(tx, reviewSettings, { googleReviewUrl });
    await recordAudit(tx, {
      actor: owner,
      action: 'review-settings.updated',
      entityType: 'setting',
      entityId: 'reviews',
      before,
      after: { googleReviewUrl },
    });
  });
  return reviewSettingsOf(db);
}
