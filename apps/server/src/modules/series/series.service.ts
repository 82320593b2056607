import {
  AppError,
  activeBookingStatuses,
  type BookingSeriesAnswer,
  type CancelSeriesResult,
  type ClientSeries,
  type CreateSeriesResult,
  cancelSeriesInput,
  createSeriesInput,
  describeSeries,
  entityIdSchema,
  type MoveSeriesResult,
  moveSeriesInput,
} from '@app/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import type { BookingDeps } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { booking, bookingSeries, bookingSeriesMember } from '../../db/schema.ts';
import { parseInput } from '../../lib/validation.ts';
import { localDateOf, zonedInstant } from '../../lib/zoned-time.ts';
import { type Actor, type InputRequest, type RowInputRequest, requireRole, requireSignedIn } from '../auth/actor.ts';
import { now } from '../bookings/booking-state.ts';
import { adminCancelBooking } from '../bookings/cancel-booking.ts';
import { adminMoveBooking } from '../bookings/move-booking.ts';
import { createPhoneBooking } from '../bookings/place-booking.ts';
import { seriesOccurrences } from './series-occurrences.ts';

type SeriesRow = typeof bookingSeries.$inferSelect;

/** A refusal that belongs to one date (taken, too soon, outside hours): that date is reported, the others go on. */
function refusalOfTheDate(error: unknown): string | null {
  if (!(error instanceof AppError)) return null;
  if (error.code === 'SLOT_UNAVAILABLE') return error.message;
  if (error.code === 'VALIDATION' && error.message.startsWith('startsAt:'))
    return error.message.slice('startsAt:'.length).trim();
  return null;
}

/**
 * Books a series (decision 085): each date is an ordinary booking placed by the one placement code, in its own
 * transaction, with its own idempotency key (the series key and its place), so a retry finds what was made. A date
 * taken since the preview is reported as not booked and the rest still stand; the series row and its links are
 * written as soon as the first date is booked.
 */
export async function createSeries(deps: BookingDeps, request: InputRequest): Promise<CreateSeriesResult> {
  const actor = requireRole(request.actor, 'admin');
  const input = parseInput(createSeriesInput, request.input);
  const plan = seriesOccurrences({
    startsAt: Date.parse(input.startsAt),
    timeZone: deps.env.BUSINESS_TIME_ZONE,
    repeat: input.repeat,
  });
  const skipped = new Set(input.skip.map((at) => Date.parse(at)));
  const wanted = plan.instants
    .map((at, index) => ({ at, position: index + 1 }))
    .filter((occurrence) => !skipped.has(occurrence.at));
  if (wanted.length === 0) throw new AppError('VALIDATION', 'skip: Every date is skipped: there is nothing to book.');

  const { repeat: _repeat, skip: _skip, ...single } = input;
  // A retry of a series for a new customer: they were made with its first date, so they are chosen now.
  const [earlier] = await deps.db
    .select()
    .from(bookingSeries)
    .where(eq(bookingSeries.idempotencyKey, input.idempotencyKey));
  let customer = earlier?.clientId ? { id: earlier.clientId } : input.customer;
  let series: SeriesRow | null = earlier ?? null;
  const booked: CreateSeriesResult['booked'] = [];
  const notBooked: CreateSeriesResult['notBooked'] = [];
  for (const occurrence of wanted) {
    const startsAt = new Date(occurrence.at).toISOString();
    try {
      const {
        sheet: { booking: made },
      } = await createPhoneBooking(deps, {
        actor,
        input: {
          ...single,
          startsAt,
          customer,
          idempotencyKey: `${input.idempotencyKey}#${occurrence.position}`,
        },
      });
      // A new customer is made with the first date booked; the next dates are theirs.
      if (made.clientId) customer = { id: made.clientId };
      series ??= await seriesRowFor(deps.db, {
        key: input.idempotencyKey,
        clientId: made.clientId,
        plan,
        requestedCount: wanted.length,
        createdBy: actor.id,
      });
      await deps.db
        .insert(bookingSeriesMember)
        .values({ bookingId: made.id, seriesId: series.id, position: occurrence.position })
        .onConflictDoNothing();
      booked.push({ position: occurrence.position, startsAt, bookingId: made.id });
    } catch (error) {
      const message = refusalOfTheDate(error);
      if (message === null) throw error;
      notBooked.push({ position: occurrence.position, startsAt, message });
    }
  }
  const first = booked[0];
  if (!series || !first)
    throw new AppError('CONFLICT', 'None of the dates could be booked: check them again and choose others.');
  return {
    seriesId: series.id,
    description: describeSeries(series),
    firstBookingId: first.bookingId,
    booked,
    notBooked,
  };
}

/** The series of this request's key: made once, found again on a retry. */
async function seriesRowFor(
  db: DbOrTx,
  request: {
    key: string;
    clientId: string | null;
    plan: ReturnType<typeof seriesOccurrences>;
    requestedCount: number;
    createdBy: string;
  },
): Promise<SeriesRow> {
  const { plan } = request;
  await db
    .insert(bookingSeries)
    .values({
      clientId: request.clientId,
      everyWeeks: plan.everyWeeks,
      rule: plan.rule,
      localTime: plan.localTime,
      weekday: plan.weekday,
      requestedCount: request.requestedCount,
      idempotencyKey: request.key,
      createdBy: request.createdBy,
    })
    .onConflictDoNothing();
  const [row] = await db.select().from(bookingSeries).where(eq(bookingSeries.idempotencyKey, request.key));
  if (!row) throw new Error('series insert returned no row');
  return row;
}

/** The members of a series with their bookings, in date order. */
async function membersOf(db: DbOrTx, seriesIds: string[]) {
  if (seriesIds.length === 0) return [];
  return db
    .select({
      seriesId: bookingSeriesMember.seriesId,
      position: bookingSeriesMember.position,
      bookingId: booking.id,
      startsAt: booking.startsAt,
      status: booking.status,
      version: booking.version,
    })
    .from(bookingSeriesMember)
    .innerJoin(booking, eq(booking.id, bookingSeriesMember.bookingId))
    .where(inArray(bookingSeriesMember.seriesId, seriesIds))
    .orderBy(asc(booking.startsAt));
}

async function seriesOfBooking(db: DbOrTx, bookingId: string) {
  const [found] = await db
    .select({ series: bookingSeries, position: bookingSeriesMember.position })
    .from(bookingSeriesMember)
    .innerJoin(bookingSeries, eq(bookingSeries.id, bookingSeriesMember.seriesId))
    .where(eq(bookingSeriesMember.bookingId, bookingId));
  return found ?? null;
}

/** The series a booking belongs to, for the owner's booking sheet (null: a booking on its own). */
export async function getBookingSeries(
  deps: Pick<BookingDeps, 'db'>,
  request: { actor: Actor | null; bookingId: string },
): Promise<BookingSeriesAnswer> {
  requireRole(request.actor, 'admin');
  if (!entityIdSchema.safeParse(request.bookingId).success) throw new AppError('NOT_FOUND', 'No such booking.');
  const found = await seriesOfBooking(deps.db, request.bookingId);
  if (!found) return { series: null };
  const members = await membersOf(deps.db, [found.series.id]);
  return {
    series: {
      id: found.series.id,
      description: describeSeries(found.series),
      position: found.position,
      members: members.map((member) => ({
        bookingId: member.bookingId,
        position: member.position,
        startsAt: member.startsAt.toISOString(),
        status: member.status,
      })),
    },
  };
}

/** The series' appointments still to come and not cancelled: all of them, or from one booking on. */
async function aheadIn(deps: Pick<BookingDeps, 'db' | 'now'>, request: { seriesId: string; fromBookingId?: string }) {
  if (!entityIdSchema.safeParse(request.seriesId).success) throw new AppError('NOT_FOUND', 'No such series.');
  const [series] = await deps.db.select().from(bookingSeries).where(eq(bookingSeries.id, request.seriesId));
  if (!series) throw new AppError('NOT_FOUND', 'No such series.');
  const members = await membersOf(deps.db, [series.id]);
  const at = now(deps);
  let from = at;
  if (request.fromBookingId) {
    const chosen = members.find((member) => member.bookingId === request.fromBookingId);
    if (!chosen) throw new AppError('VALIDATION', 'fromBookingId: That booking is not part of this series.');
    from = Math.max(from, chosen.startsAt.getTime());
  }
  const active: readonly string[] = activeBookingStatuses;
  const stillToCome = members.filter((member) => member.startsAt.getTime() >= at && active.includes(member.status));
  return { series, ahead: stillToCome.filter((member) => member.startsAt.getTime() >= from), stillToCome };
}

/**
 * Cancels what is still ahead in a series: every future appointment, or this one and those after it. Each is
 * cancelled by the ordinary cancelling (its refund rules, its email, its audit), one after another; an appointment
 * already past, done or cancelled is left as it is.
 */
export async function cancelSeries(deps: BookingDeps, request: RowInputRequest): Promise<CancelSeriesResult> {
  const actor = requireRole(request.actor, 'admin');
  const input = parseInput(cancelSeriesInput, request.input ?? {});
  const { ahead } = await aheadIn(deps, { seriesId: request.id, fromBookingId: input.fromBookingId });
  let cancelled = 0;
  const notCancelled: CancelSeriesResult['notCancelled'] = [];
  for (const member of ahead) {
    try {
      await adminCancelBooking(deps, {
        actor,
        id: member.bookingId,
        input: { reason: input.reason, notifyClient: input.notifyClient, refund: false },
      });
      cancelled += 1;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      notCancelled.push({
        bookingId: member.bookingId,
        startsAt: member.startsAt.toISOString(),
        message: error.message,
      });
    }
  }
  return { cancelled, notCancelled };
}

/**
 * Moves what is still ahead in a series to another time of day on the same dates (business clock): all of it, or this
 * appointment and those after it. Each is moved by the ordinary move (the diary's rules, the client's email); a date
 * whose new time is taken stays where it was and is reported. When everything still to come moved, the series says
 * the new time.
 */
export async function moveSeries(deps: BookingDeps, request: RowInputRequest): Promise<MoveSeriesResult> {
  const actor = requireRole(request.actor, 'admin');
  const input = parseInput(moveSeriesInput, request.input);
  const timeZone = deps.env.BUSINESS_TIME_ZONE;
  const { series, ahead, stillToCome } = await aheadIn(deps, {
    seriesId: request.id,
    fromBookingId: input.fromBookingId,
  });
  let moved = 0;
  const notMoved: MoveSeriesResult['notMoved'] = [];
  for (const member of ahead) {
    const startsAt = zonedInstant(localDateOf(member.startsAt.getTime(), timeZone), input.localTime, timeZone);
    if (startsAt === member.startsAt.getTime()) continue;
    try {
      await adminMoveBooking(deps, {
        actor,
        id: member.bookingId,
        input: {
          startsAt: new Date(startsAt).toISOString(),
          version: member.version,
          notifyClient: input.notifyClient,
        },
      });
      moved += 1;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      notMoved.push({ bookingId: member.bookingId, startsAt: member.startsAt.toISOString(), message: error.message });
    }
  }
  if (notMoved.length === 0 && ahead.length === stillToCome.length)
    await deps.db.update(bookingSeries).set({ localTime: input.localTime }).where(eq(bookingSeries.id, series.id));
  return { moved, notMoved };
}

/** A client's own series with appointments still ahead, for /bookings. */
export async function listMySeries(
  deps: Pick<BookingDeps, 'db' | 'now'>,
  request: { actor: Actor | null },
): Promise<{ series: ClientSeries[] }> {
  const actor = requireSignedIn(request.actor);
  const rows = await deps.db.select().from(bookingSeries).where(eq(bookingSeries.clientId, actor.id));
  const members = await membersOf(
    deps.db,
    rows.map((row) => row.id),
  );
  const at = now(deps);
  const active: readonly string[] = activeBookingStatuses;
  const series = rows.map((row) => {
    const own = members.filter((member) => member.seriesId === row.id && member.status !== 'cancelled');
    const ahead = own.filter((member) => member.startsAt.getTime() > at && active.includes(member.status));
    return {
      id: row.id,
      description: describeSeries(row),
      left: ahead.length,
      total: own.length,
      nextStartsAt: ahead[0]?.startsAt.toISOString() ?? null,
    };
  });
  return { series: series.filter((one) => one.left > 0) };
}
