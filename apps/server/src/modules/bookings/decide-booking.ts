import { AppError, privateReasonSchema } from '@app/shared';
import { eq } from 'drizzle-orm';
import type { BookingDeps } from '../../app-context.ts';
import { booking } from '../../db/schema.ts';
import { parseInput } from '../../lib/validation.ts';
import { type Actor, requireRole } from '../auth/actor.ts';
import { getBookingRules } from '../availability/availability.service.ts';
import { giveBackCourseSession } from '../courses/course-sessions.ts';
import { keepPrivateReason } from '../records/screening.ts';
import { giveBackVoucherSpending } from '../vouchers/spend-vouchers.ts';
import { toAdminBooking } from './admin-bookings.service.ts';
import { auditIfAdmin, icsOf, markCancelled, now, ownBooking, queueEmail, recordEvent } from './booking-state.ts';

/** The longest decline reason kept and emailed; anything longer is cut, not refused. */
const REASON_MAX = 500;

/**
 * The admin's answer to a pending request: confirmed, or declined (cancelled by the business), answered with the
 * booking as the owner sees it. The reason is whatever the request body carried, kept only if it is text.
 */
export async function decidePendingBooking(
  deps: BookingDeps,
  request: { actor: Actor | null; id: string; approve: boolean; reason?: unknown; privateReason?: unknown },
) {
  const actor = requireRole(request.actor, 'admin');
  const { db, env } = deps;
  const given = typeof request.reason === 'string' ? request.reason.slice(0, REASON_MAX) : '';
  // The owner's own note on why: kept apart from the reason the client is emailed, never shown to them.
  const privateNote = parseInput(privateReasonSchema.optional(), request.privateReason ?? undefined) ?? '';
  return db.transaction(async (tx) => {
    const row = await ownBooking(tx, { actor, id: request.id, forUpdate: true });
    if (row.status !== 'pending')
      throw new AppError('CONFLICT', `This booking is ${row.status}, not waiting for approval.`);
    const rules = await getBookingRules(tx, { timeZone: env.BUSINESS_TIME_ZONE });
    const reason = given.trim();
    const [updated] = request.approve
      ? await tx
          .update(booking)
          .set({ status: 'confirmed', version: row.version + 1 })
          .where(eq(booking.id, row.id))
          .returning()
      : [await markCancelled(tx, { row, by: 'business', at: now(deps), reason: reason || 'Declined' })];
    if (!updated) throw new Error('decision update returned no row');
    // A declined request never was a booking: what a gift voucher paid goes back onto it.
    const voucherReturnedPence = request.approve
      ? 0
      : await giveBackVoucherSpending({ ...deps, tx }, { bookingRow: updated, by: actor.id });
    // ...and so does a session of a course (decision 081).
    if (!request.approve)
      await giveBackCourseSession(
        { ...deps, tx },
        { bookingRow: updated, at: now(deps), by: 'business', actorId: actor.id },
      );
    if (!request.approve)
      await keepPrivateReason(tx, {
        kind: 'declined',
        reason: privateNote,
        clientId: row.clientId,
        bookingId: row.id,
        by: actor.id,
      });
    await recordEvent(tx, {
      row,
      actor,
      action: request.approve ? 'approved' : 'declined',
      from: 'pending',
      to: updated.status,
      details: { reason, ...(voucherReturnedPence > 0 && { voucherReturnedPence }) },
    });
    const action = request.approve ? 'booking.approved' : 'booking.declined';
    await auditIfAdmin(tx, { actor, action, id: row.id, before: row, after: updated });
    if (updated.clientEmail)
      await queueEmail(
        { ...deps, tx },
        request.approve
          ? { kind: 'booking.approved', booking: updated, rules, ics: icsOf(env, { row: updated, rules }) }
          : { kind: 'booking.declined', booking: updated, rules, reason },
      );
    return toAdminBooking(updated);
  });
}
