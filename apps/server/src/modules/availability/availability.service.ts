import {
  AppError,
  activeBookingStatuses,
  type BlockOverlap,
  type BookingRules,
  createBlockInput,
  createOverrideInput,
  type SlotsQuery,
  type SlotsResponse,
  updateBookingRulesInput,
} from '@app/shared';
import { and, asc, eq, gt, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { availabilityOverride, blockedPeriod, booking, businessSettings, outsideBusy } from '../../db/schema.ts';
import { parseInput } from '../../lib/validation.ts';
import { addDays, localDateOf, zonedInstant } from '../../lib/zoned-time.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type Actor, type InputRequest, type RowRequest, requireRole } from '../auth/actor.ts';
import { noteFreedTime } from '../waitlist/freed-time.ts';
import { computeSlots, type Interval, type SlotRules } from './slots.ts';

export async function getBookingRules(
  db: DbOrTx,
  { timeZone }: { timeZone: string },
): Promise<BookingRules & { streetAddress: string; nameSensualTreatments: boolean }> {
  const [settings] = await db.select().from(businessSettings).where(eq(businessSettings.id, 1));
  if (!settings) throw new Error('business_settings row missing (migration 0003 seeds it)');
  return {
    timeZone,
    bufferMinutes: settings.bufferMinutes,
    minNoticeMinutes: settings.minNoticeMinutes,
    horizonDays: settings.horizonDays,
    slotStepMinutes: settings.slotStepMinutes,
    cancellationCutoffHours: settings.cancellationCutoffHours,
    weeklyHours: settings.weeklyHours,
    streetAddress: settings.streetAddress,
    nameSensualTreatments: settings.nameSensualTreatments,
  };
}

/** Everything the slot computation needs between two local dates (a day of margin each side). */
export async function loadSlotRules(
  db: DbOrTx,
  options: { timeZone: string; from: string; to: string; excludeBookingId?: string },
): Promise<{ rules: SlotRules; busy: Interval[] }> {
  const { timeZone, from, to } = options;
  const [base, overrides, result] = await Promise.all([
    getBookingRules(db, { timeZone }),
    db
      .select()
      .from(availabilityOverride)
      .where(and(gte(availabilityOverride.date, from), lte(availabilityOverride.date, to))),
    busyIntervals(db, timeZone, from, to, options.excludeBookingId),
  ]);
  const raw = (result as unknown as { rows: { busy: [number, number][] | string }[] }).rows[0]?.busy ?? [];
  const pairs: [number, number][] = typeof raw === 'string' ? JSON.parse(raw) : raw;
  return {
    rules: { ...base, overrides },
    busy: pairs.map(([start, end]) => ({ start: Number(start), end: Number(end) })),
  };
}

function busyIntervals(db: DbOrTx, timeZone: string, from: string, to: string, excludeBookingId: string | undefined) {
  const windowStart = new Date(zonedInstant(addDays(from, -1), '00:00', timeZone));
  const windowEnd = new Date(zonedInstant(addDays(to, 1), '24:00', timeZone));
  // One row holding every busy interval as a JSON array: thousands of rows cost more to parse than the slots.
  const excluded = excludeBookingId ? sql`and ${booking.id} <> ${excludeBookingId}` : sql``;
  return db.execute<{ busy: [number, number][] | string }>(sql`
    select coalesce(json_agg(json_build_array(s, e)), '[]') as busy from (
      select extract(epoch from ${booking.startsAt}) * 1000 as s, extract(epoch from ${booking.occupiedUntil}) * 1000 as e
        from ${booking}
       where ${booking.status} in ('awaiting_payment', 'pending', 'confirmed') ${excluded}
         -- the exact expression of the no-overlap constraint, so its GiST index answers
         and tstzrange(${booking.startsAt}, ${booking.occupiedUntil}, '[)') && tstzrange(${windowStart}, ${windowEnd}, '[)')
      union all
      select extract(epoch from ${blockedPeriod.startsAt}) * 1000, extract(epoch from ${blockedPeriod.endsAt}) * 1000
        from ${blockedPeriod}
       where ${blockedPeriod.startsAt} < ${windowEnd} and ${blockedPeriod.endsAt} > ${windowStart}
      union all
      -- the owner's other calendars, their last good copy (decision 071)
      select extract(epoch from ${outsideBusy.startsAt}) * 1000, extract(epoch from ${outsideBusy.endsAt}) * 1000
        from ${outsideBusy}
       where ${outsideBusy.startsAt} < ${windowEnd} and ${outsideBusy.endsAt} > ${windowStart}
    ) busy`);
}

export async function listSlots(
  db: DbOrTx,
  {
    timeZone,
    query,
    now = Date.now(),
  }: { timeZone: string; query: SlotsQuery & { durationMinutes: number }; now?: number },
): Promise<SlotsResponse> {
  if (query.to < query.from) throw new AppError('VALIDATION', 'to: must not be before from');
  if (Date.parse(query.to) - Date.parse(query.from) > 92 * 86_400_000)
    throw new AppError('VALIDATION', 'Ask for at most 92 days at a time');
  const { rules, busy } = await loadSlotRules(db, { timeZone, from: query.from, to: query.to });
  const days = computeSlots(rules, {
    durationMinutes: query.durationMinutes,
    from: query.from,
    to: query.to,
    now,
    today: localDateOf(now, timeZone),
    busy,
  });
  return { timeZone, days: days.map((d) => ({ date: d.date, slots: d.slots.map((s) => new Date(s).toISOString()) })) };
}

/** The free start times nearest to a wanted one (a lost race is offered these). */
export async function nearestSlots(
  db: DbOrTx,
  {
    timeZone,
    durationMinutes,
    wanted,
    now,
    count = 3,
  }: { timeZone: string; durationMinutes: number; wanted: number; now: number; count?: number },
) {
  const date = localDateOf(wanted, timeZone);
  const { rules, busy } = await loadSlotRules(db, { timeZone, from: addDays(date, -3), to: addDays(date, 7) });
  return computeSlots(rules, {
    durationMinutes,
    from: addDays(date, -3),
    to: addDays(date, 7),
    now,
    today: localDateOf(now, timeZone),
    busy,
  })
    .flatMap((d) => d.slots)
    .sort((a, b) => Math.abs(a - wanted) - Math.abs(b - wanted))
    .slice(0, count)
    .sort((a, b) => a - b)
    .map((s) => new Date(s).toISOString());
}

// ---- The owner's edits ----

/** The rules as the owner edits them. */
export async function readBookingRules(db: DbOrTx, { actor, timeZone }: { actor: Actor | null; timeZone: string }) {
  requireRole(actor, 'admin');
  return getBookingRules(db, { timeZone });
}

/** Saves the owner's changes and answers the rules now in force. */
export async function updateBookingRules(
  db: DbOrTx,
  { actor, input, timeZone }: { actor: Actor | null; input: unknown; timeZone: string },
) {
  const admin = requireRole(actor, 'admin');
  const changes = parseInput(updateBookingRulesInput, input);
  // Nothing to change is not an error (and an empty SET is not valid SQL).
  if (Object.keys(changes).length > 0)
    await db.transaction(async (tx) => {
      await tx.update(businessSettings).set(changes).where(eq(businessSettings.id, 1));
      // Also how the dashboard's setup checklist knows the owner has set the opening hours.
      await recordAudit(tx, {
        actor: admin,
        action: 'booking-rules.updated',
        entityType: 'setting',
        entityId: 'booking-rules',
        before: null,
        after: changes,
      });
    });
  return getBookingRules(db, { timeZone });
}

/** The owner's special days with their notes: the lodger sees only busy/free, in the calendar. */
export async function listOverrides(db: DbOrTx, { actor, timeZone }: { actor: Actor | null; timeZone: string }) {
  const from = localDateOf(Date.now(), timeZone);
  requireRole(actor, 'admin');
  return db
    .select()
    .from(availabilityOverride)
    .where(gte(availabilityOverride.date, from))
    .orderBy(asc(availabilityOverride.date));
}

export async function createOverride(db: DbOrTx, { actor, input }: InputRequest) {
  requireRole(actor, 'admin');
  const [row] = await db.insert(availabilityOverride).values(parseInput(createOverrideInput, input)).returning();
  return row;
}

export async function deleteOverride(db: DbOrTx, { actor, id }: RowRequest) {
  requireRole(actor, 'admin');
  const deleted = await db.delete(availabilityOverride).where(eq(availabilityOverride.id, id)).returning();
  if (!deleted.length) throw new AppError('NOT_FOUND', 'No such override.');
}

/** The owner's blocked times with their reasons: the lodger sees only busy/free, in the calendar. */
export async function listBlocks(db: DbOrTx, { actor }: { actor: Actor | null }) {
  const from = new Date();
  requireRole(actor, 'admin');
  return db.select().from(blockedPeriod).where(gt(blockedPeriod.endsAt, from)).orderBy(asc(blockedPeriod.startsAt));
}

/** Pending and confirmed bookings that fall, even in part, between two instants. */
export async function bookingsDuring(
  db: DbOrTx,
  { startsAt, endsAt }: { startsAt: Date; endsAt: Date },
): Promise<BlockOverlap[]> {
  const rows = await db
    .select()
    .from(booking)
    .where(
      and(
        inArray(booking.status, [...activeBookingStatuses]),
        lt(booking.startsAt, endsAt),
        gt(booking.endsAt, startsAt),
      ),
    )
    .orderBy(asc(booking.startsAt));
  return rows.map((row) => ({
    id: row.id,
    clientName: row.clientName,
    serviceName: row.serviceName,
    startsAt: row.startsAt.toISOString(),
    status: row.status,
  }));
}

/**
 * Blocks time. A block over bookings does not cancel them, so the owner is told first: without `confirm` the answer
 * is a 409 listing them, and nothing is written.
 */
export async function createBlock(db: DbOrTx, { actor, input }: InputRequest) {
  requireRole(actor, 'admin');
  const data = parseInput(createBlockInput, input);
  const startsAt = new Date(data.startsAt);
  const endsAt = new Date(data.endsAt);
  return db.transaction(async (tx) => {
    const covered = await bookingsDuring(tx, { startsAt, endsAt });
    if (covered.length > 0 && !data.confirm)
      throw new AppError(
        'CONFLICT',
        covered.length === 1
          ? 'This time has a booking in it. The block does not cancel it.'
          : `This time has ${covered.length} bookings in it. The block does not cancel them.`,
        { bookings: covered },
      );
    const [row] = await tx.insert(blockedPeriod).values({ startsAt, endsAt, reason: data.reason }).returning();
    return row;
  });
}

export async function deleteBlock(db: DbOrTx, { actor, id }: RowRequest) {
  requireRole(actor, 'admin');
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(blockedPeriod).where(eq(blockedPeriod.id, id)).returning();
    if (!deleted) throw new AppError('NOT_FOUND', 'No such block.');
    await noteFreedTime(tx, { startsAt: deleted.startsAt, endsAt: deleted.endsAt, cause: 'block removed' });
  });
}
