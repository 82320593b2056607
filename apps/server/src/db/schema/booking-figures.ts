// Bookings per local day and what the service and outcome charts group by, kept by statement triggers on
// `booking` in the writer's transaction (decision 087), the pattern of `booking_day` (decision 030).
import { boolean, date, integer, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';

/** What the figures count bookings by, and how many: the same columns by day and by month. */
const countedBy = () => ({
  style: text('style').notNull(),
  type: text('type').notNull(),
  status: text('status').notNull(),
  cancelledBy: text('cancelled_by'),
  bookings: integer('bookings').notNull(),
});

/**
 * Bookings per local day, style, type, status and who cancelled: five years of by-service and outcomes read a few
 * rows a day instead of every booking. The day is the local date in the time zone of `booking_figures_zone`;
 * `ensureBookingFigures` rebuilds both when the business's time zone differs.
 */
export const bookingFigures = pgTable(
  'booking_figures',
  {
    day: date('day').notNull(),
    ...countedBy(),
  },
  (table) => [
    unique('booking_figures_key')
      .on(table.day, table.style, table.type, table.status, table.cancelledBy)
      .nullsNotDistinct(),
  ],
);

/**
 * `booking_figures` summed by month (the first day of the month), kept by a row trigger on it (decision 096): a range
 * reads its whole months here and only the days at either end there.
 */
export const bookingFiguresMonth = pgTable(
  'booking_figures_month',
  {
    month: date('month').notNull(),
    ...countedBy(),
  },
  (table) => [
    unique('booking_figures_month_key')
      .on(table.month, table.style, table.type, table.status, table.cancelledBy)
      .nullsNotDistinct(),
  ],
);

/** The one time zone `booking_figures` is counted in; no row until it is first built. */
export const bookingFiguresZone = pgTable('booking_figures_zone', {
  id: boolean('id').primaryKey().default(true),
  timeZone: text('time_zone').notNull(),
});

/**
 * Bookings not cancelled per local day of the appointment, calendar days booked ahead (`lead_days`, on the same
 * clock) and lead in hundredths of a day (`lead_bin`): the lead-time chart's bands and median from sums instead of
 * two time-zone conversions a booking (decision 087). Same zone and rebuild as `booking_figures`.
 */
export const bookingLead = pgTable(
  'booking_lead',
  {
    day: date('day').notNull(),
    leadDays: integer('lead_days').notNull(),
    leadBin: integer('lead_bin').notNull(),
    bookings: integer('bookings').notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.leadDays, table.leadBin] })],
);
