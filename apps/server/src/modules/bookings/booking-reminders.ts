import type { BookingDeps } from '../../app-context.ts';
import { getBookingRules } from '../availability/availability.service.ts';
import { now, queueEmail, recordEvent, SYSTEM } from './booking-state.ts';
import { confirmedStartingWithin, reminderKey } from './reminder-window.ts';

/**
 * Queues the reminder of every confirmed booking starting within 24 hours. The outbox's dedupe key
 * (booking and start time) makes each reminder go out once, however often this runs or restarts.
 */
export async function queueDueReminders(deps: BookingDeps): Promise<number> {
  const { db, env } = deps;
  const due = await confirmedStartingWithin(db, { at: now(deps), hours: 24 });
  if (!due.length) return 0;
  const rules = await getBookingRules(db, { timeZone: env.BUSINESS_TIME_ZONE });
  let queued = 0;
  for (const row of due) {
    if (!row.clientEmail) continue;
    const id = await db.transaction((tx) =>
      queueEmail({ ...deps, tx }, { kind: 'booking.reminder', booking: row, rules, dedupeKey: reminderKey(row) }),
    );
    if (id) {
      queued++;
      await db.transaction((tx) => recordEvent(tx, { row, actor: SYSTEM, action: 'reminder-queued' }));
    }
  }
  return queued;
}
