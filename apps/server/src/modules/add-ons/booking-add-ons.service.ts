// The owner adds or removes an add-on on the booking sheet (decision 079): the booking's price and end move
// with it, under the diary lock, and a longer booking must still fit.
import { AppError, addOnTotals, setBookingAddOnsInput } from '@app/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { BookingDeps } from '../../app-context.ts';
import { booking, bookingAddOn } from '../../db/schema.ts';
import { isOverlapViolation } from '../../lib/database-errors.ts';
import { parseInput, uuidPattern } from '../../lib/validation.ts';
import { localDateOf } from '../../lib/zoned-time.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type RowInputRequest, requireRole } from '../auth/actor.ts';
import { loadSlotRules } from '../availability/availability.service.ts';
import { openIntervalsOfDate } from '../availability/slots.ts';
import { getAdminBooking } from '../bookings/admin-bookings.service.ts';
import { lockDiary, now, recordEvent } from '../bookings/booking-state.ts';
import { addOnsOfBooking, chosenAddOns, recordBookingAddOns } from './booking-add-ons.ts';

const CHANGED_SINCE = 'This booking has changed since you opened it. Please reload and try again.';
/** A booking the owner may still change the add-ons of: anything but a cancelled one or a no-show. */
const CHANGEABLE = ['awaiting_payment', 'pending', 'confirmed', 'completed'];

/**
 * Sets the add-ons a booking takes. Those it keeps keep their snapshot (an archived one stays on it); new ones are
 * taken as they are now. A booking that gets longer and is still to come must fit: inside the opening hours of its
 * day, clear of other bookings, time off and the buffer after it; else a CONFLICT says when it would end and why.
 */
export async function setBookingAddOns(deps: BookingDeps, request: RowInputRequest) {
  const admin = requireRole(request.actor, 'admin');
  const data = parseInput(setBookingAddOnsInput, request.input);
  const { db, env } = deps;
  const timeZone = env.BUSINESS_TIME_ZONE;
  if (!uuidPattern.test(request.id)) throw new AppError('NOT_FOUND', 'No such booking.');
  let endsAtText = '';
  await db
    .transaction(async (tx) => {
      await lockDiary(tx);
      const [row] = await tx.select().from(booking).where(eq(booking.id, request.id)).for('update');
      if (!row) throw new AppError('NOT_FOUND', 'No such booking.');
      if (row.version !== data.version) throw new AppError('CONFLICT', CHANGED_SINCE);
      if (!CHANGEABLE.includes(row.status))
        throw new AppError('CONFLICT', 'A cancelled booking or a no-show keeps the add-ons it had.');
      const wanted = new Set(data.addOnIds);
      const current = await addOnsOfBooking(tx, { bookingId: row.id });
      const kept = current.filter((a) => wanted.has(a.addOnId));
      const removed = current.filter((a) => !wanted.has(a.addOnId));
      const added = await chosenAddOns(tx, {
        ids: data.addOnIds.filter((id) => !current.some((a) => a.addOnId === id)),
        type: row.type,
      });
      if (added.length === 0 && removed.length === 0) return;

      const treatmentPence = row.pricePence - addOnTotals(current).pricePence;
      const lengthMinutes = row.durationMinutes + addOnTotals([...kept, ...added]).minutes;
      const pricePence = treatmentPence + addOnTotals([...kept, ...added]).pricePence;
      const start = row.startsAt.getTime();
      const endsAt = start + lengthMinutes * 60_000;
      const buffer = row.occupiedUntil.getTime() - row.endsAt.getTime();
      endsAtText = new Intl.DateTimeFormat(env.BUSINESS_LOCALE, {
        timeZone,
        hour: '2-digit',
        minute: '2-digit',
      }).format(endsAt);
      const holdsTime = row.status !== 'completed';
      if (holdsTime && endsAt > row.endsAt.getTime() && row.endsAt.getTime() > now(deps))
        await assertLongerFits(tx, {
          timeZone,
          bookingId: row.id,
          start,
          endsAt,
          occupiedUntil: endsAt + buffer,
          endsAtText,
        });

      if (removed.length)
        await tx.delete(bookingAddOn).where(
          and(
            eq(bookingAddOn.bookingId, row.id),
            inArray(
              bookingAddOn.addOnId,
              removed.map((a) => a.addOnId),
            ),
          ),
        );
      await recordBookingAddOns(tx, { bookingId: row.id, chosen: added });
      await tx
        .update(booking)
        .set({
          pricePence,
          endsAt: new Date(endsAt),
          occupiedUntil: new Date(endsAt + buffer),
          version: row.version + 1,
        })
        .where(eq(booking.id, row.id));
      const details = {
        added: added.map((a) => a.name),
        removed: removed.map((a) => a.name),
        pricePence: { from: row.pricePence, to: pricePence },
      };
      await recordEvent(tx, {
        row,
        actor: admin,
        action: 'add_ons_changed',
        from: row.status,
        to: row.status,
        details,
      });
      await recordAudit(tx, {
        actor: admin,
        action: 'booking.add_ons_changed',
        entityType: 'booking',
        entityId: row.id,
        before: { addOns: current.map((a) => a.name), pricePence: row.pricePence, endsAt: row.endsAt },
        after: { addOns: [...kept, ...added].map((a) => a.name), pricePence, endsAt: new Date(endsAt) },
      });
    })
    .catch((error) => {
      // The database's own no-overlap refusal: another booking was written beside this one.
      if (isOverlapViolation(error))
        throw new AppError('SLOT_UNAVAILABLE', `The booking would end at ${endsAtText} and run into another booking.`);
      throw error;
    });
  return getAdminBooking(db, { actor: admin, id: request.id });
}

/** The longer booking lies inside its day's opening hours and clear of everything else in the diary. */
async function assertLongerFits(
  tx: Parameters<typeof loadSlotRules>[0],
  request: {
    timeZone: string;
    bookingId: string;
    start: number;
    endsAt: number;
    occupiedUntil: number;
    endsAtText: string;
  },
) {
  const date = localDateOf(request.start, request.timeZone);
  const { rules, busy } = await loadSlotRules(tx, {
    timeZone: request.timeZone,
    from: date,
    to: date,
    excludeBookingId: request.bookingId,
  });
  const open = openIntervalsOfDate(rules, date).some((o) => o.start <= request.start && request.endsAt <= o.end);
  if (!open)
    throw new AppError(
      'SLOT_UNAVAILABLE',
      `With this add-on the booking would end at ${request.endsAtText}, after your opening hours. Move it earlier first, or leave the add-on off.`,
    );
  if (busy.some((b) => b.start < request.occupiedUntil && b.end > request.start))
    throw new AppError(
      'SLOT_UNAVAILABLE',
      `With this add-on the booking would end at ${request.endsAtText} and run into another booking or time off. Move it to a longer gap first, or leave the add-on off.`,
    );
}
