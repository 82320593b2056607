import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { availabilityOverride, booking, emailOutbox, user } from '../../db/schema.ts';
import { addDays, localDateOf, localParts, zonedInstant } from '../../lib/zoned-time.ts';
import { type Actor, requireRole } from '../auth/actor.ts';
import { getBookingRules } from '../availability/availability.service.ts';
import { openIntervalsOfDate } from '../availability/slots.ts';
import { toAdminBooking } from '../bookings/admin-bookings.service.ts';

type Period = { from: string; to: string }; // local dates, `to` exclusive

export type PeriodFigures = {
  bookings: number;
  revenuePence: number;
  occupancy: number;
  cancellations: number;
  noShows: number;
};

/**
 * Bookings, money received, share of open hours booked, cancellations and no-shows in each period: one query for
 * every period (an index range of `booking` and of `payment` each), the opening hours read once for all of them.
 */
async function figuresOf<K extends string>(
  db: Db,
  timeZone: string,
  periods: Record<K, Period>,
): Promise<Record<K, PeriodFigures>> {
  const entries = Object.entries(periods) as [K, Period][];
  const bounds = entries.map(
    ([key, period]) =>
      sql`(${key}::text, ${new Date(zonedInstant(period.from, '00:00', timeZone))}::timestamptz, ${new Date(zonedInstant(period.to, '00:00', timeZone))}::timestamptz)`,
  );
  const from = entries.map(([, period]) => period.from).sort()[0] ?? '';
  const to =
    entries
      .map(([, period]) => period.to)
      .sort()
      .at(-1) ?? from;
  const [result, base, overrides] = await Promise.all([
    db.execute(sql`
      select p.key, b.*,
             (select coalesce(sum(amount_pence), 0)::int from payment where paid_at >= p.starts and paid_at < p.ends) as revenue
        from (values ${sql.join(bounds, sql`, `)}) as p(key, starts, ends)
        cross join lateral (
          select count(*) filter (where status <> 'cancelled')::int as bookings,
                 coalesce(sum(duration_minutes) filter (where status in ('pending','confirmed','completed','no_show')), 0)::int as booked_minutes,
                 count(*) filter (where status = 'cancelled')::int as cancellations,
                 count(*) filter (where status = 'no_show')::int as no_shows
            from booking where starts_at >= p.starts and starts_at < p.ends) b`),
    getBookingRules(db, timeZone),
    db
      .select()
      .from(availabilityOverride)
      .where(and(gte(availabilityOverride.date, from), lt(availabilityOverride.date, to))),
  ]);
  const rules = { ...base, overrides };
  const rows = new Map(
    (result as unknown as { rows: (Record<string, number> & { key: K })[] }).rows.map((row) => [row.key, row]),
  );
  const figures = {} as Record<K, PeriodFigures>;
  for (const [key, period] of entries) {
    const row = rows.get(key) ?? ({} as Record<string, number>);
    let openMinutes = 0;
    for (let date = period.from; date < period.to; date = addDays(date, 1))
      for (const interval of openIntervalsOfDate(rules, date)) openMinutes += (interval.end - interval.start) / 60_000;
    figures[key] = {
      bookings: Number(row.bookings ?? 0),
      revenuePence: Number(row.revenue ?? 0),
      occupancy: openMinutes ? Math.round((Number(row.booked_minutes ?? 0) / openMinutes) * 1000) / 1000 : 0,
      cancellations: Number(row.cancellations ?? 0),
      noShows: Number(row.no_shows ?? 0),
    };
  }
  return figures;
}

function weekOf(date: string): Period {
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday first
  const from = addDays(date, -weekday);
  return { from, to: addDays(from, 7) };
}

function monthOf(date: string, offset = 0): Period {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 1 + offset, 1));
  const next = new Date(Date.UTC(y, m + offset, 1));
  return { from: first.toISOString().slice(0, 10), to: next.toISOString().slice(0, 10) };
}

/** The owner's day: the next eight days, requests to approve, this week and month against the last, new customers, failed emails. */
export async function dashboard(db: Db, timeZone: string, actor: Actor | null, now = Date.now()) {
  requireRole(actor, 'admin');
  const today = localDateOf(now, timeZone);
  const week = weekOf(today);
  const lastWeek = { from: addDays(week.from, -7), to: week.from };
  const timelineStart = new Date(zonedInstant(today, '00:00', timeZone));
  const timelineEnd = new Date(zonedInstant(addDays(today, 8), '00:00', timeZone));

  // Independent reads, sent together: on PostgreSQL they run side by side on the pool's connections.
  const [timeline, pending, newCustomers, failedEmails, figures] = await Promise.all([
    db
      .select()
      .from(booking)
      .where(
        and(
          gte(booking.startsAt, timelineStart),
          lt(booking.startsAt, timelineEnd),
          inArray(booking.status, ['pending', 'confirmed', 'completed', 'no_show']),
        ),
      )
      .orderBy(asc(booking.startsAt)),
    db
      .select()
      .from(booking)
      .where(and(eq(booking.status, 'pending'), gte(booking.startsAt, new Date(now))))
      .orderBy(asc(booking.startsAt)),
    db
      .select({ id: user.id, name: user.name, email: user.email, createdAt: user.createdAt })
      .from(user)
      .where(and(eq(user.role, 'user'), gte(user.createdAt, new Date(now - 7 * 86_400_000))))
      .orderBy(desc(user.createdAt))
      .limit(10),
    db
      .select({
        id: emailOutbox.id,
        recipient: emailOutbox.recipient,
        subject: emailOutbox.subject,
        lastError: emailOutbox.lastError,
        createdAt: emailOutbox.createdAt,
      })
      .from(emailOutbox)
      .where(eq(emailOutbox.status, 'failed'))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(10),
    figuresOf(db, timeZone, { week, previousWeek: lastWeek, month: monthOf(today), previousMonth: monthOf(today, -1) }),
  ]);
  return {
    today,
    timeZone,
    hour: localParts(now, timeZone).hour,
    timeline: timeline.map(toAdminBooking),
    pending: pending.map(toAdminBooking),
    figures,
    newCustomers,
    failedEmails,
  };
}
