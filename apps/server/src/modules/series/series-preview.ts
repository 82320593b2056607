import {
  activeBookingStatuses,
  describeSeries,
  previewSeriesInput,
  type SeriesOccurrence,
  type SeriesPreview,
  zonedParts,
} from '@app/shared';
import { and, asc, gt, inArray, lt } from 'drizzle-orm';
import type { BookingDeps } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { blockedPeriod, booking, outsideBusy } from '../../db/schema.ts';
import { parseInput } from '../../lib/validation.ts';
import { localDateOf } from '../../lib/zoned-time.ts';
import { type InputRequest, requireRole } from '../auth/actor.ts';
import { loadSlotRules } from '../availability/availability.service.ts';
import { horizonEnd, isSlotFree, openIntervalsOfDate } from '../availability/slots.ts';
import { now } from '../bookings/booking-state.ts';
import { seriesOccurrences } from './series-occurrences.ts';

const MINUTE = 60_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** What stands in the diary between two instants, named for the owner (this answer is the owner's alone). */
async function diaryBetween(db: DbOrTx, from: Date, to: Date, timeZone: string) {
  const at = (instant: Date) => {
    const p = zonedParts(instant.getTime(), timeZone);
    return `${pad(p.hour)}:${pad(p.minute)}`;
  };
  const [bookings, blocks, outside] = await Promise.all([
    db
      .select()
      .from(booking)
      .where(
        and(
          inArray(booking.status, [...activeBookingStatuses]),
          lt(booking.startsAt, to),
          gt(booking.occupiedUntil, from),
        ),
      )
      .orderBy(asc(booking.startsAt)),
    db
      .select()
      .from(blockedPeriod)
      .where(and(lt(blockedPeriod.startsAt, to), gt(blockedPeriod.endsAt, from))),
    db
      .select()
      .from(outsideBusy)
      .where(and(lt(outsideBusy.startsAt, to), gt(outsideBusy.endsAt, from))),
  ]);
  return [
    ...bookings.map((row) => ({
      start: row.startsAt.getTime(),
      end: row.occupiedUntil.getTime(),
      what: `${row.clientName}, ${row.serviceName} at ${at(row.startsAt)}`,
    })),
    ...blocks.map((row) => ({
      start: row.startsAt.getTime(),
      end: row.endsAt.getTime(),
      what: row.reason ? `Blocked time: ${row.reason}` : 'Blocked time',
    })),
    ...outside.map((row) => ({
      start: row.startsAt.getTime(),
      end: row.endsAt.getTime(),
      what: row.title ? `Your other calendar: ${row.title}` : 'Busy in your other calendar',
    })),
  ];
}

/**
 * Each date of a series as the diary stands now: free, clashing with what, outside opening hours, or not bookable
 * for another reason (too soon, further ahead than the diary is open). Only a free date can be placed; placement
 * checks again under the diary lock, so this is advice, never a promise.
 */
export async function classifyOccurrences(
  deps: Pick<BookingDeps, 'db' | 'env' | 'now'>,
  request: { instants: number[]; durationMinutes: number },
): Promise<SeriesOccurrence[]> {
  const timeZone = deps.env.BUSINESS_TIME_ZONE;
  const { instants, durationMinutes } = request;
  const first = instants[0];
  const last = instants.at(-1);
  if (first === undefined || last === undefined) return [];
  const at = now(deps);
  const { rules, busy } = await loadSlotRules(deps.db, {
    timeZone,
    from: localDateOf(first, timeZone),
    to: localDateOf(last, timeZone),
  });
  const duration = durationMinutes * MINUTE;
  const buffer = rules.bufferMinutes * MINUTE;
  const diary = await diaryBetween(deps.db, new Date(first - duration), new Date(last + duration + buffer), timeZone);
  const today = localDateOf(at, timeZone);
  const latest = horizonEnd(rules, at, today);

  return instants.map((start, index) => {
    const answer = (status: SeriesOccurrence['status'], message: string): SeriesOccurrence => ({
      position: index + 1,
      startsAt: new Date(start).toISOString(),
      status,
      message,
    });
    const date = localDateOf(start, timeZone);
    if (start < at + rules.minNoticeMinutes * MINUTE) return answer('unavailable', 'Too soon to book');
    if (start >= latest)
      return answer('unavailable', `Further ahead than the diary is open (${rules.horizonDays} days)`);
    const clashes = diary.filter((item) => item.start < start + duration + buffer && item.end > start);
    if (clashes.length > 0) return answer('clash', clashes.map((item) => item.what).join('; '));
    const open = openIntervalsOfDate(rules, date).some(
      (range) => range.start <= start && start + duration <= range.end,
    );
    if (!open) return answer('outside_hours', 'Outside your opening hours');
    if (!isSlotFree(rules, { durationMinutes, start, date, today, now: at, busy }))
      return answer('unavailable', 'Not a start time your diary offers');
    return answer('free', '');
  });
}

/** The owner asks which dates a series would take before saving it. */
export async function previewSeries(deps: BookingDeps, request: InputRequest): Promise<SeriesPreview> {
  requireRole(request.actor, 'admin');
  const input = parseInput(previewSeriesInput, request.input);
  const plan = seriesOccurrences({
    startsAt: Date.parse(input.startsAt),
    timeZone: deps.env.BUSINESS_TIME_ZONE,
    repeat: input.repeat,
  });
  return {
    description: describeSeries(plan),
    occurrences: await classifyOccurrences(deps, { instants: plan.instants, durationMinutes: input.durationMinutes }),
  };
}
