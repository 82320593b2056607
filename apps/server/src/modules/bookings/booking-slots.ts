import { AppError, type SlotUnavailableDetails } from '@app/shared';
import type { BookingDeps } from '../../app-context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { isOverlapViolation } from '../../lib/database-errors.ts';
import { localDateOf } from '../../lib/zoned-time.ts';
import { loadSlotRules, nearestSlots } from '../availability/availability.service.ts';
import { isSlotFree } from '../availability/slots.ts';
import { now } from './booking-state.ts';

/** Thrown inside a transaction; answered with alternatives once the diary lock is released. */
export class SlotTaken extends Error {
  readonly durationMinutes: number;
  readonly wanted: number;
  constructor(durationMinutes: number, wanted: number, message: string) {
    super(message);
    this.durationMinutes = durationMinutes;
    this.wanted = wanted;
  }
}

/** A lost slot (the engine's re-check, or the database's own no-overlap refusal) becomes a 409 with the nearest free times. */
export async function withAlternatives(
  deps: BookingDeps,
  request: { error: unknown; durationMinutes: number; wanted: number },
): Promise<never> {
  const { error, durationMinutes, wanted } = request;
  const taken =
    error instanceof SlotTaken
      ? error
      : isOverlapViolation(error)
        ? new SlotTaken(durationMinutes, wanted, 'Someone has just taken this time. Please choose another.')
        : null;
  if (!taken) throw error;
  const alternatives = await nearestSlots(deps.db, {
    timeZone: deps.env.BUSINESS_TIME_ZONE,
    durationMinutes: taken.durationMinutes,
    wanted: taken.wanted,
    now: now(deps),
  });
  const details: SlotUnavailableDetails = { alternatives };
  throw new AppError('SLOT_UNAVAILABLE', taken.message, details);
}

/** The engine's re-check of one start time against every rule and the diary, inside the diary lock. */
export async function assertSlotFree(
  tx: DbOrTx,
  slot: { timeZone: string; start: number; durationMinutes: number; now: number; excludeBookingId?: string },
) {
  const { timeZone, ...wanted } = slot;
  const date = localDateOf(slot.start, timeZone);
  const loaded = await loadSlotRules(tx, { timeZone, from: date, to: date, excludeBookingId: slot.excludeBookingId });
  const today = localDateOf(slot.now, timeZone);
  if (!isSlotFree(loaded.rules, { ...wanted, date, today, busy: loaded.busy }))
    throw new SlotTaken(slot.durationMinutes, slot.start, 'This time is not available. Please choose another.');
}
