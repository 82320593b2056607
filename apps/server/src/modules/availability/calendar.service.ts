import { createHash, randomBytes } from 'node:crypto';
import { type AdminCalendar, AppError, calendarQuery, type LodgerCalendar } from '@app/shared';
import { and, asc, eq, gt, gte, inArray, isNull, lt } from 'drizzle-orm';
import ical, { ICalEventBusyStatus } from 'ical-generator';
import type { Db } from '../../db/client.ts';
import { blockedPeriod, booking, calendarFeed, outsideBusy, user } from '../../db/schema.ts';
import { parseInput } from '../../lib/validation.ts';
import { addDays, localDateOf, zonedInstant } from '../../lib/zoned-time.ts';
import { type Actor, type RowRequest, requireRole } from '../auth/actor.ts';
import { loadSlotRules } from './availability.service.ts';
import { mergeIntervals, openIntervalsOfDate } from './slots.ts';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The availability calendar. An admin sees bookings and blocks; a lodger only open hours and merged
 * busy periods: the answer for a lodger is built without any client field, so none can leak.
 */
export async function availabilityCalendar(
  db: Db,
  { timeZone, actor, query }: { timeZone: string; actor: Actor | null; query: unknown },
): Promise<LodgerCalendar | AdminCalendar> {
  const viewer = requireRole(actor, 'admin', 'lodger');
  const { from, to } = parseInput(calendarQuery, query);
  if (to < from || Date.parse(to) - Date.parse(from) > 62 * 86_400_000)
    throw new AppError('VALIDATION', 'Ask for at most 62 days, from before to.');
  const { rules, busy } = await loadSlotRules(db, { timeZone, from, to });
  const open: { start: string; end: string }[] = [];
  for (let date = from; date <= to; date = addDays(date, 1))
    for (const interval of openIntervalsOfDate(rules, date))
      open.push({ start: iso(interval.start), end: iso(interval.end) });
  const merged = mergeIntervals([...busy].sort((a, b) => a.start - b.start)).map((b) => ({
    start: iso(b.start),
    end: iso(b.end),
  }));
  if (viewer.role === 'lodger') return { timeZone, open, busy: merged };

  const start = new Date(zonedInstant(from, '00:00', timeZone));
  const end = new Date(zonedInstant(addDays(to, 1), '00:00', timeZone));
  const bookings = await db
    .select({
      id: booking.id,
      startsAt: booking.startsAt,
      endsAt: booking.endsAt,
      clientName: booking.clientName,
      serviceName: booking.serviceName,
      status: booking.status,
    })
    .from(booking)
    .where(
      and(
        gte(booking.startsAt, start),
        lt(booking.startsAt, end),
        // A booking awaiting payment holds its time: the owner sees it (for at most ten minutes).
        inArray(booking.status, ['awaiting_payment', 'pending', 'confirmed', 'completed', 'no_show']),
      ),
    )
    .orderBy(asc(booking.startsAt));
  const blocks = await db
    .select()
    .from(blockedPeriod)
    .where(and(lt(blockedPeriod.startsAt, end), gte(blockedPeriod.endsAt, start)));
  // The owner's other calendars: shown to the owner as "Busy (personal)" with their own titles (decision 071).
  const personal = await db
    .select()
    .from(outsideBusy)
    .where(and(lt(outsideBusy.startsAt, end), gt(outsideBusy.endsAt, start)))
    .orderBy(asc(outsideBusy.startsAt));
  return {
    timeZone,
    open,
    busy: merged,
    personal: personal.map((p) => ({ start: p.startsAt.toISOString(), end: p.endsAt.toISOString(), title: p.title })),
    bookings: bookings.map((b) => ({
      id: b.id,
      start: b.startsAt.toISOString(),
      end: b.endsAt.toISOString(),
      title: `${b.clientName} · ${b.serviceName}`,
      status: b.status,
    })),
    blocks: blocks.map((b) => ({
      id: b.id,
      start: b.startsAt.toISOString(),
      end: b.endsAt.toISOString(),
      reason: b.reason,
    })),
  };
}

// ---- Private iCalendar subscriptions ----

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function listFeeds(db: Db, { actor }: { actor: Actor | null }) {
  const viewer = requireRole(actor, 'admin', 'lodger');
  const rows = await db
    .select({ id: calendarFeed.id, kind: calendarFeed.kind, createdAt: calendarFeed.createdAt })
    .from(calendarFeed)
    .where(and(eq(calendarFeed.userId, viewer.id), isNull(calendarFeed.revokedAt)));
  // The URL is shown once, when made: only its hash is stored.
  return rows.map((r) => ({ ...r, url: null, createdAt: r.createdAt.toISOString() }));
}

/** A new subscription URL for the caller; any earlier one of theirs stops working. */
export async function createFeed(db: Db, { actor, publicUrl }: { actor: Actor | null; publicUrl: string }) {
  const viewer = requireRole(actor, 'admin', 'lodger');
  const token = randomBytes(24).toString('base64url');
  const kind = viewer.role === 'admin' ? 'admin' : 'lodger';
  const row = await db.transaction(async (tx) => {
    await tx
      .update(calendarFeed)
      .set({ revokedAt: new Date() })
      .where(and(eq(calendarFeed.userId, viewer.id), isNull(calendarFeed.revokedAt)));
    const [created] = await tx
      .insert(calendarFeed)
      .values({ userId: viewer.id, kind, tokenHash: hashToken(token) })
      .returning();
    return created;
  });
  if (!row) throw new Error('feed insert returned no row');
  return {
    id: row.id,
    kind,
    url: `${publicUrl}/api/calendar-feeds/${token}.ics`,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function revokeFeed(db: Db, { actor, id }: RowRequest) {
  const viewer = requireRole(actor, 'admin', 'lodger');
  const revoked = /^[0-9a-f-]{36}$/i.test(id)
    ? await db
        .update(calendarFeed)
        .set({ revokedAt: new Date() })
        .where(and(eq(calendarFeed.id, id), eq(calendarFeed.userId, viewer.id), isNull(calendarFeed.revokedAt)))
        .returning()
    : [];
  if (!revoked.length) throw new AppError('NOT_FOUND', 'No such calendar subscription.');
}

/** The feed itself: bookings with the client's first name for the admin, busy periods only for the lodger. */
export async function feedCalendar(
  db: Db,
  { timeZone, token, business }: { timeZone: string; token: string; business: { name: string; domain: string } },
) {
  const [feed] = await db
    .select()
    .from(calendarFeed)
    .where(and(eq(calendarFeed.tokenHash, hashToken(token)), isNull(calendarFeed.revokedAt)));
  if (!feed) throw new AppError('NOT_FOUND', 'This calendar link is not valid (any more).');
  // A feed answers only while its owner still holds the role it was made for: demoted or
  // disabled by any path (CLI, the admin API, the database), the feed is revoked for good at once.
  // A deleted owner takes the feed with them (foreign key cascade).
  const [owner] = await db.select({ role: user.role, banned: user.banned }).from(user).where(eq(user.id, feed.userId));
  if (!owner || owner.banned || owner.role !== feed.kind) {
    await db.update(calendarFeed).set({ revokedAt: new Date() }).where(eq(calendarFeed.id, feed.id));
    throw new AppError('NOT_FOUND', 'This calendar link is not valid (any more).');
  }
  const today = localDateOf(Date.now(), timeZone);
  const from = addDays(today, -30);
  const to = addDays(today, 120);
  const calendar = ical({
    name: feed.kind === 'admin' ? `${business.name} bookings` : `${business.name} busy times`,
    timezone: timeZone,
  });
  if (feed.kind === 'lodger') {
    const { busy } = await loadSlotRules(db, { timeZone, from, to });
    for (const b of mergeIntervals([...busy].sort((x, y) => x.start - y.start)))
      calendar.createEvent({
        id: `busy-${b.start}@${business.domain}`,
        start: new Date(b.start),
        end: new Date(b.end),
        summary: 'Busy',
        busystatus: ICalEventBusyStatus.BUSY,
      });
    return calendar.toString();
  }
  const rows = await db
    .select()
    .from(booking)
    .where(
      and(
        inArray(booking.status, ['pending', 'confirmed']),
        gte(booking.startsAt, new Date(zonedInstant(from, '00:00', timeZone))),
        lt(booking.startsAt, new Date(zonedInstant(to, '00:00', timeZone))),
      ),
    );
  for (const row of rows)
    calendar.createEvent({
      id: `${row.id}@${business.domain}`,
      start: row.startsAt,
      end: row.endsAt,
      summary: `${row.clientName.split(' ')[0]} · ${row.serviceName}${row.status === 'pending' ? ' (to approve)' : ''}`,
    });
  return calendar.toString();
}
