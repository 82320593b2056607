import { type Dashboard, type PeriodFigures, zonedParts } from '@app/shared';
import { and, asc, desc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { booking, emailOutbox, user } from '../../db/schema.ts';
import { addDays, localDateOf, zonedInstant } from '../../lib/zoned-time.ts';
import { bookingsOverTime } from '../analytics/analytics.service.ts';
import { occupancy } from '../analytics/analytics-time.service.ts';
import { type Actor, requireRole } from '../auth/actor.ts';
import { lastBackup } from '../backups/backup.service.ts';
import { toAdminBooking } from '../bookings/admin-bookings.service.ts';
import { staleOutsideCalendars } from '../calendars/outside-calendars.service.ts';
import { backupStatusOf, hiddenBackupWarning } from './backup-warning.service.ts';
import { takingsOn } from './takings.service.ts';

type Period = { from: string; to: string }; // local dates, `to` exclusive

/**
 * Each period's figures as the analytics page counts them, so a figure with the same name shows the same number
 * on both (and Revenue is the income of /finances, net of VAT): bookings that were not cancelled, income on the
 * ledger, share of the open hours (blocks taken out) confirmed or completed, cancellations and no-shows. Two
 * calls by day over the span of every period, summed per period here.
 */
async function figuresOf<K extends string>(
  db: Db,
  timeZone: string,
  actor: Actor,
  periods: Record<K, Period>,
): Promise<Record<K, PeriodFigures>> {
  const entries = Object.entries(periods) as [K, Period][];
  const from = entries.map(([, period]) => period.from).sort()[0] ?? '';
  const to = addDays(
    entries
      .map(([, period]) => period.to)
      .sort()
      .at(-1) ?? from,
    -1,
  );
  const span = { from, to, bucket: 'day' as const };
  const [bookings, booked] = await Promise.all([
    bookingsOverTime({ db, timeZone }, { actor, query: span }),
    occupancy({ db, timeZone }, { actor, query: span }),
  ]);
  const figures = {} as Record<K, PeriodFigures>;
  for (const [key, period] of entries) {
    const within = ({ start }: { start: string }) => start >= period.from && start < period.to;
    const days = bookings.points.filter(within);
    const sum = (field: 'total' | 'cancelled' | 'noShow' | 'revenuePence') =>
      days.reduce((total, day) => total + day[field], 0);
    const hours = booked.points.filter(within);
    const bookedMinutes = hours.reduce((total, day) => total + day.bookedMinutes, 0);
    const openMinutes = hours.reduce((total, day) => total + day.openMinutes, 0);
    figures[key] = {
      bookings: sum('total') - sum('cancelled'),
      revenuePence: sum('revenuePence'),
      occupancy: openMinutes ? bookedMinutes / openMinutes : 0,
      cancellations: sum('cancelled'),
      noShows: sum('noShow'),
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

/**
 * The owner's day: the next eight days, today's takings, requests to approve, this week and month against the last,
 * new customers, failed emails, the backup.
 */
export async function dashboard(
  db: Db,
  { timeZone, actor, now = Date.now() }: { timeZone: string; actor: Actor | null; now?: number },
): Promise<Dashboard> {
  const admin = requireRole(actor, 'admin');
  const today = localDateOf(now, timeZone);
  const week = weekOf(today);
  const lastWeek = { from: addDays(week.from, -7), to: week.from };
  const timelineStart = new Date(zonedInstant(today, '00:00', timeZone));
  const timelineEnd = new Date(zonedInstant(addDays(today, 8), '00:00', timeZone));

  // Independent reads, sent together: on PostgreSQL they run side by side on the pool's connections.
  const [timeline, pending, newCustomers, failedEmails, figures, takings, backupRecord, hiddenWarning, staleCalendars] =
    await Promise.all([
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
      figuresOf(db, timeZone, admin, {
        week,
        previousWeek: lastWeek,
        month: monthOf(today),
        previousMonth: monthOf(today, -1),
      }),
      takingsOn(db, today),
      lastBackup(db),
      hiddenBackupWarning(db, admin.id),
      staleOutsideCalendars(db, { now }),
    ]);
  return {
    today,
    timeZone,
    hour: zonedParts(now, timeZone).hour,
    timeline: timeline.map(toAdminBooking),
    pending: pending.map(toAdminBooking),
    figures,
    takings,
    newCustomers: newCustomers.map((customer) => ({ ...customer, createdAt: customer.createdAt.toISOString() })),
    failedEmails: failedEmails.map((email) => ({ ...email, createdAt: email.createdAt.toISOString() })),
    backup: backupStatusOf(backupRecord, now, hiddenWarning),
    /** The owner's other calendars that failed to read (their last good copy still closes the slots). */
    staleCalendars,
  };
}
