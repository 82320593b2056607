import { AppError, adminMoveBookingInput, rescheduleBookingInput, restoreBookingInput } from '@app/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { BookingDeps } from '../../app-context.ts';
import { booking, bookingEvent } from '../../db/schema.ts';
import { parseInput } from '../../lib/validation.ts';
import { localDateOf } from '../../lib/zoned-time.ts';
import { type Actor, type RowInputRequest, requireRole, requireSignedIn } from '../auth/actor.ts';
import { getBookingRules, loadSlotRules } from '../availability/availability.service.ts';
import { noteFreedTime } from '../waitlist/freed-time.ts';
import { getAdminBooking } from './admin-bookings.service.ts';
import { assertSlotFree, SlotTaken, withAlternatives } from './booking-slots.ts';
import {
  assertClientMayChange,
  auditIfAdmin,
  icsOf,
  lockDiary,
  markReopened,
  now,
  ownBooking,
  queueEmail,
  recordEvent,
} from './booking-state.ts';
import { toClientBooking } from './client-bookings.ts';

const CHANGED_SINCE = 'This booking has changed since you opened it. Please reload and try again.';

/** The time a booking takes in the diary, its add-ons' minutes in (decision 079): it keeps it when moved. */
const lengthOf = (row: { startsAt: Date; endsAt: Date }) =>
  Math.round((row.endsAt.getTime() - row.startsAt.getTime()) / 60_000);

/** Moves a booking in one statement: at no moment are there two active bookings for it. */
async function moveRow(
  deps: BookingDeps,
  request: { actor: Actor; id: string; input: { startsAt: string; version: number }; notify: boolean },
) {
  const { db, env } = deps;
  const { actor, id, input } = request;
  const startsAt = Date.parse(input.startsAt);
  let movedDuration = 60; // set from the booking inside the transaction, for a refusal by the database
  return db
    .transaction(async (tx) => {
      await lockDiary(tx);
      const row = await ownBooking(tx, { actor, id, forUpdate: true });
      movedDuration = lengthOf(row);
      const rules = await getBookingRules(tx, { timeZone: env.BUSINESS_TIME_ZONE });
      const at = now(deps);
      assertClientMayChange(env, { actor, row, cutoffHours: rules.cancellationCutoffHours, at });
      if (row.version !== input.version) throw new AppError('CONFLICT', CHANGED_SINCE);
      await assertSlotFree(tx, {
        timeZone: env.BUSINESS_TIME_ZONE,
        start: startsAt,
        durationMinutes: lengthOf(row),
        now: at,
        excludeBookingId: row.id,
      });
      const endsAt = startsAt + lengthOf(row) * 60_000;
      const [updated] = await tx
        .update(booking)
        .set({
          startsAt: new Date(startsAt),
          endsAt: new Date(endsAt),
          occupiedUntil: new Date(endsAt + rules.bufferMinutes * 60_000),
          version: row.version + 1,
        })
        .where(and(eq(booking.id, row.id), eq(booking.version, input.version)))
        .returning();
      if (!updated) throw new AppError('CONFLICT', CHANGED_SINCE);
      await noteFreedTime(tx, { startsAt: row.startsAt, endsAt: row.occupiedUntil, cause: 'moved' });
      const notified = request.notify && Boolean(updated.clientEmail);
      await recordEvent(tx, {
        row,
        actor,
        action: 'rescheduled',
        from: row.status,
        to: row.status,
        details: { from: row.startsAt.toISOString(), to: updated.startsAt.toISOString(), notified },
      });
      await auditIfAdmin(tx, { actor, action: 'booking.moved', id: row.id, before: row, after: updated });
      if (notified)
        await queueEmail(
          { ...deps, tx },
          {
            kind: 'booking.rescheduled',
            booking: updated,
            rules,
            previous: row.startsAt,
            ics: icsOf(env, { row: updated, rules }),
          },
        );
      return { row: updated, rules, at, notified };
    })
    .catch((error) => withAlternatives(deps, { error, durationMinutes: movedDuration, wanted: startsAt }));
}

export async function rescheduleBooking(deps: BookingDeps, request: RowInputRequest) {
  const actor = requireSignedIn(request.actor);
  const input = parseInput(rescheduleBookingInput, request.input);
  const result = await moveRow(deps, { actor, id: request.id, input, notify: true });
  return toClientBooking(result.row, { rules: result.rules, at: result.at });
}

/**
 * The owner moves a booking; the client is emailed the new time unless the owner says not to. Answered with the
 * booking sheet as it now is and whether the client was emailed (the web offers Undo only then).
 */
export async function adminMoveBooking(deps: BookingDeps, request: RowInputRequest) {
  const actor = requireRole(request.actor, 'admin');
  const input = parseInput(adminMoveBookingInput, request.input);
  const result = await moveRow(deps, { actor, id: request.id, input, notify: input.notifyClient });
  return { ...(await getAdminBooking(deps.db, { actor, id: request.id })), notified: result.notified };
}

/**
 * Undo of the owner's cancelling: the booking comes back with the status it had, if its time is still free and it
 * has not started. Nothing is emailed (the Undo is only offered when the cancelling emailed nobody). Answered with the
 * booking sheet as it now is.
 */
export async function restoreBooking(deps: BookingDeps, request: RowInputRequest) {
  const actor = requireRole(request.actor, 'admin');
  const { version } = parseInput(restoreBookingInput, request.input ?? {});
  const { db, env } = deps;
  let duration = 60;
  let wanted = 0;
  await db
    .transaction(async (tx) => {
      await lockDiary(tx);
      const row = await ownBooking(tx, { actor, id: request.id, forUpdate: true });
      duration = lengthOf(row);
      wanted = row.startsAt.getTime();
      if (row.status !== 'cancelled') throw new AppError('CONFLICT', 'Only a cancelled booking can be restored.');
      if (row.version !== version) throw new AppError('CONFLICT', CHANGED_SINCE);
      const at = now(deps);
      if (row.startsAt.getTime() <= at) throw new AppError('CONFLICT', 'This appointment has already started.');
      const date = localDateOf(row.startsAt.getTime(), env.BUSINESS_TIME_ZONE);
      const { busy } = await loadSlotRules(tx, { timeZone: env.BUSINESS_TIME_ZONE, from: date, to: date });
      const start = row.startsAt.getTime();
      const end = row.occupiedUntil.getTime();
      if (busy.some((b) => b.start < end && b.end > start))
        throw new SlotTaken(lengthOf(row), start, 'This time has been taken since: the booking stays cancelled.');
      const [cancelled] = await tx
        .select({ fromStatus: bookingEvent.fromStatus })
        .from(bookingEvent)
        .where(and(eq(bookingEvent.bookingId, row.id), eq(bookingEvent.action, 'cancelled')))
        .orderBy(desc(bookingEvent.at))
        .limit(1);
      const status = cancelled?.fromStatus === 'pending' ? 'pending' : 'confirmed';
      const updated = await markReopened(tx, { row, status });
      await recordEvent(tx, { row, actor, action: 'restored', from: 'cancelled', to: status });
      await auditIfAdmin(tx, { actor, action: 'booking.restored', id: row.id, before: row, after: updated });
      return updated;
    })
    .catch((error) => withAlternatives(deps, { error, durationMinutes: duration, wanted }));
  return getAdminBooking(db, { actor, id: request.id });
}
