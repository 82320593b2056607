import type { Db } from '../../db/client.ts';
import { confirmedStartingWithin, reminderKey } from '../bookings/reminder-window.ts';
import { queueBookingText } from './booking-texts.ts';
import { readTextSettings, type TextEnv, textsEnabled } from './text-settings.ts';

const HOUR = 3_600_000;

/**
 * Queues the reminder texts now due. A reminder set h hours ahead is due from h hours before the start. One made
 * after its moment is skipped (a booking made 10 hours ahead gets no 24-hour reminder), except the last one the owner
 * set, which every booking gets once. Each goes once per booking, start and offset (the outbox's key).
 */
export async function queueDueTextReminders(deps: { db: Db; env: TextEnv; now?: () => number }): Promise<number> {
  const { db, env } = deps;
  if (!textsEnabled(env)) return 0;
  const now = deps.now?.() ?? Date.now();
  const { reminderHours } = await readTextSettings(db, env);
  if (!reminderHours.length) return 0;
  const last = Math.min(...reminderHours);
  const due = await confirmedStartingWithin(db, { at: now, hours: Math.max(...reminderHours) });
  let queued = 0;
  for (const row of due)
    for (const hours of reminderHours) {
      const moment = row.startsAt.getTime() - hours * HOUR;
      if (moment > now) continue;
      if (row.createdAt.getTime() > moment && hours !== last) continue;
      // Only the nearest reminder due is sent: a late booking does not get the 24-hour and the 2-hour one together.
      if (reminderHours.some((h) => h < hours && row.startsAt.getTime() - h * HOUR <= now)) continue;
      const id = await db.transaction((tx) =>
        queueBookingText({ tx, env }, { kind: 'booking.reminder', row, dedupeKey: `${reminderKey(row)}:${hours}h` }),
      );
      if (id) queued++;
    }
  return queued;
}
