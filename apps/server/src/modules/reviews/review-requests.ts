import { and, eq, gt, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import type { BookingDeps } from '../../app-context.ts';
import { booking, reviewRequest } from '../../db/schema.ts';
import { runEverySeconds } from '../../lib/jobs.ts';
import { formatForClient } from '../../lib/zoned-time.ts';
import { publicUrlOf } from '../auth/auth.ts';
import { getBusinessDetails } from '../business/business.service.ts';
import { emailBrandOf } from '../emails/emails.service.ts';
import { htmlFromText } from '../emails/templates.ts';
import { queueBookingText, textsInsteadOfEmail } from '../texts/booking-texts.ts';
import { firstNameOf, reviewSettingsOf } from './reviews.service.ts';

const REQUEST_QUEUE = 'review-requests';
/** A visit older than this when first seen completed (an old one marked late) is not asked about. */
const ASK_WITHIN_MS = 14 * 24 * 3_600_000;

export type ReviewRequestDeps = Pick<BookingDeps, 'db' | 'env' | 'outbox' | 'now'>;

/** The address of a visit's review page: behind sign-in, so the link alone lets nobody write in the client's name. */
export const reviewPath = (bookingId: string) => `/review/${bookingId}`;

/**
 * Asks the client of each completed therapeutic visit of the last two weeks for a review, once per visit: the
 * request row, the email and the text are written in one transaction, and the request row's key refuses a second. Sensual
 * visits are never asked about (decision 074).
 */
export async function queueReviewRequests(deps: ReviewRequestDeps): Promise<number> {
  const { db, env } = deps;
  const at = deps.now?.() ?? Date.now();
  const due = await db
    .select({ booking })
    .from(booking)
    .leftJoin(reviewRequest, eq(reviewRequest.bookingId, booking.id))
    .where(
      and(
        eq(booking.status, 'completed'),
        eq(booking.style, 'therapeutic'),
        isNotNull(booking.clientId),
        sql`coalesce(${booking.clientEmail}, '') <> ''`,
        lte(booking.endsAt, new Date(at)),
        gt(booking.startsAt, new Date(at - ASK_WITHIN_MS)),
        isNull(reviewRequest.bookingId),
      ),
    );
  if (!due.length) return 0;
  const publicUrl = publicUrlOf(env);
  const business = await getBusinessDetails({ db, env });
  const brand = await emailBrandOf(db, { publicUrl, businessName: business.businessName });
  const { googleReviewUrl } = await reviewSettingsOf(db);
  let queued = 0;
  for (const { booking: row } of due) {
    const text = [
      `Hello ${firstNameOf(row.clientName)},`,
      '',
      `Thank you for your visit on ${formatForClient(row.startsAt, env.BUSINESS_TIME_ZONE, env.BUSINESS_LOCALE)}. How was your ${row.serviceName.toLowerCase()}?`,
      '',
      `A rating and a few words help others choose, and help me get better: ${publicUrl}${reviewPath(row.id)}`,
      'Your review shows on the website with your first name and the month of your visit, once I have read it. You can delete it at any time.',
      ...(googleReviewUrl ? ['', `If you also have a moment for Google: ${googleReviewUrl}`] : []),
      '',
      business.businessName,
    ].join('\n');
    const asked = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(reviewRequest)
        .values({ bookingId: row.id, askedAt: new Date(at) })
        .onConflictDoNothing()
        .returning();
      if (!claimed) return false;
      // By text too where the client can be texted; a client who chose texts only gets no email (decision 072).
      const link = `${publicUrl}${reviewPath(row.id)}`;
      await queueBookingText({ tx, env }, { kind: 'review.request', row, link, dedupeKey: `review-request:${row.id}` });
      if (!row.clientEmail || (await textsInsteadOfEmail({ tx, env }, row))) return true;
      await deps.outbox.enqueue(tx, {
        to: row.clientEmail,
        kind: 'review.request',
        subject: `How was your visit to ${business.businessName}?`,
        text,
        html: htmlFromText(text, 'A rating and a few words, in a minute.', brand),
        dedupeKey: `review-request:${row.id}`,
      });
      return true;
    });
    if (asked) queued++;
  }
  return queued;
}

/**
 * Every DUE_MESSAGES_SWEEP_S (a minute), the visits completed since go to the outbox (once each): the thank-you
 * arrives while the visit is fresh. The query reads completed bookings of the last two weeks only, so it stays cheap.
 */
export async function startReviewJobs(boss: PgBoss, deps: ReviewRequestDeps & Pick<BookingDeps, 'logger'>) {
  await runEverySeconds(boss, REQUEST_QUEUE, deps.env.DUE_MESSAGES_SWEEP_S, () => queueReviewRequests(deps), {
    logger: deps.logger,
    failure: 'could not queue the review requests due',
  });
  // The every-minute cron schedule of earlier versions is removed, or it would add a sweep of its own each minute.
  await boss.unschedule(REQUEST_QUEUE);
  await queueReviewRequests(deps);
}
