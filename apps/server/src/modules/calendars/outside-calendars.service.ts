import { AppError, type OutsideCalendar, outsideCalendarInput } from '@app/shared';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { diaryVersion, outsideBusy, outsideCalendar } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { parseInput } from '../../lib/validation.ts';
import { type Actor, type InputRequest, type RowRequest, requireRole } from '../auth/actor.ts';
import { getBookingRules } from '../availability/availability.service.ts';
import { busyTimesOf } from './ics-busy.ts';
import { type FetchLimits, fetchCalendar } from './safe-fetch.ts';

export type CalendarDeps = {
  db: Db;
  env: Pick<Env, 'BUSINESS_TIME_ZONE' | 'OUTSIDE_CALENDAR_ALLOW_ADDRESSES'>;
  logger?: { warn(object: object, message: string): void };
  now?: () => number;
};

const DAY = 86_400_000;
/** Refreshed every five minutes: a calendar not read for this long is shown as stale even without an error. */
const STALE_AFTER_MS = 30 * 60_000;
const MAX_CALENDARS = 10;
const REEXPAND_AFTER_MS = 6 * 3_600_000;

const limitsOf = (env: CalendarDeps['env']): FetchLimits => ({
  maxBytes: 5_000_000,
  timeoutMs: 15_000,
  allowedAddresses: env.OUTSIDE_CALENDAR_ALLOW_ADDRESSES,
});

/**
 * The free times are kept per number of the diary (decision 045), which triggers on bookings and blocks change: a
 * change of the owner's other calendars moves it too, in the same transaction, or the old times would still be offered.
 */
const bumpDiaryVersion = (tx: DbOrTx) =>
  tx
    .update(diaryVersion)
    .set({ version: sql`${diaryVersion.version} + 1` })
    .where(eq(diaryVersion.id, 1));

function isUuid(id: string) {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
}

function isStale(row: { lastError: string | null; refreshedAt: Date | null }, now: number) {
  return Boolean(row.lastError) || !row.refreshedAt || now - row.refreshedAt.getTime() > STALE_AFTER_MS;
}

/** The calendars the dashboard warns of: not read lately, or failing (with the reason). */
export async function staleOutsideCalendars(db: Db, { now }: { now: number }) {
  const rows = await db.select().from(outsideCalendar).orderBy(asc(outsideCalendar.createdAt));
  return rows
    .filter((row) => isStale(row, now))
    .map((row) => ({
      id: row.id,
      label: row.label,
      lastError: row.lastError,
      refreshedAt: row.refreshedAt?.toISOString() ?? null,
    }));
}

export async function listOutsideCalendars(
  deps: CalendarDeps,
  { actor }: { actor: Actor | null },
): Promise<OutsideCalendar[]> {
  requireRole(actor, 'admin');
  const now = deps.now?.() ?? Date.now();
  const rows = await deps.db.select().from(outsideCalendar).orderBy(asc(outsideCalendar.createdAt));
  const counts = await deps.db
    .select({ calendarId: outsideBusy.calendarId, busy: count() })
    .from(outsideBusy)
    .groupBy(outsideBusy.calendarId);
  return rows.map((row) => ({
    id: row.id,
    label: row.label,
    url: row.url,
    refreshedAt: row.refreshedAt?.toISOString() ?? null,
    checkedAt: row.checkedAt?.toISOString() ?? null,
    lastError: row.lastError,
    stale: isStale(row, now),
    busyCount: counts.find((c) => c.calendarId === row.id)?.busy ?? 0,
  }));
}

/** Adds a calendar and reads it at once, so the owner sees straight away whether the address works. */
export async function addOutsideCalendar(deps: CalendarDeps, { actor, input }: InputRequest) {
  requireRole(actor, 'admin');
  const data = parseInput(outsideCalendarInput, input);
  const [existing] = await deps.db.select({ n: count() }).from(outsideCalendar);
  if ((existing?.n ?? 0) >= MAX_CALENDARS)
    throw new AppError('VALIDATION', `At most ${MAX_CALENDARS} calendars can be added.`);
  const [row] = await deps.db.insert(outsideCalendar).values(data).returning();
  if (!row) throw new Error('outside calendar insert returned no row');
  await refreshOutsideCalendar(deps, row.id);
  const calendars = await listOutsideCalendars(deps, { actor });
  return calendars.find((c) => c.id === row.id) as OutsideCalendar;
}

export async function removeOutsideCalendar(deps: CalendarDeps, { actor, id }: RowRequest) {
  requireRole(actor, 'admin');
  const deleted = isUuid(id)
    ? await deps.db.transaction(async (tx) => {
        const rows = await tx.delete(outsideCalendar).where(eq(outsideCalendar.id, id)).returning();
        await bumpDiaryVersion(tx);
        return rows;
      })
    : [];
  if (!deleted.length) throw new AppError('NOT_FOUND', 'No such calendar.');
}

/**
 * Reads one calendar again. A good answer replaces its busy times in one transaction; a failure is recorded with its
 * error and the last good busy times stay, so the slots never open up because a calendar's server is down.
 */
export async function refreshOutsideCalendar(deps: CalendarDeps, id: string): Promise<void> {
  const [calendar] = await deps.db.select().from(outsideCalendar).where(eq(outsideCalendar.id, id));
  if (!calendar) return;
  const now = deps.now?.() ?? Date.now();
  const timeZone = deps.env.BUSINESS_TIME_ZONE;
  try {
    // A 304 keeps busy times worked out for an earlier window: a never-ending weekly event needs new dates as time
    // passes, so the whole calendar is asked for again when its busy times were worked out long ago.
    const expandedAgo = calendar.expandedAt ? now - calendar.expandedAt.getTime() : Number.POSITIVE_INFINITY;
    const conditional = expandedAgo >= 0 && expandedAgo < REEXPAND_AFTER_MS;
    const answer = await fetchCalendar(
      calendar.url,
      conditional ? { etag: calendar.etag, lastModified: calendar.lastModified } : { etag: null, lastModified: null },
      limitsOf(deps.env),
    );
    if (answer.status === 'unchanged') {
      await deps.db
        .update(outsideCalendar)
        .set({ checkedAt: new Date(now), refreshedAt: new Date(now), lastError: null })
        .where(eq(outsideCalendar.id, id));
      return;
    }
    const { horizonDays } = await getBookingRules(deps.db, { timeZone });
    const busy = busyTimesOf(answer.body, { from: now - DAY, to: now + (horizonDays + 2) * DAY, timeZone });
    await deps.db.transaction(async (tx) => {
      await tx.delete(outsideBusy).where(eq(outsideBusy.calendarId, id));
      await bumpDiaryVersion(tx);
      for (let i = 0; i < busy.length; i += 500)
        await tx.insert(outsideBusy).values(
          busy.slice(i, i + 500).map((b) => ({
            calendarId: id,
            startsAt: new Date(b.start),
            endsAt: new Date(b.end),
            title: b.title,
          })),
        );
      await tx
        .update(outsideCalendar)
        .set({
          etag: answer.etag,
          lastModified: answer.lastModified,
          checkedAt: new Date(now),
          refreshedAt: new Date(now),
          expandedAt: new Date(now),
          lastError: null,
        })
        .where(eq(outsideCalendar.id, id));
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    deps.logger?.warn({ calendarId: id, err: message }, 'an outside calendar could not be read');
    await deps.db
      .update(outsideCalendar)
      .set({ checkedAt: new Date(now), lastError: message.slice(0, 300) })
      .where(eq(outsideCalendar.id, id));
  }
}

export async function refreshAllOutsideCalendars(deps: CalendarDeps): Promise<void> {
  const rows = await deps.db.select({ id: outsideCalendar.id }).from(outsideCalendar);
  for (const row of rows) await refreshOutsideCalendar(deps, row.id);
}
