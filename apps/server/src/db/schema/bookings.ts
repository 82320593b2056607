// The catalogue and the booking engine: rules, special days, blocks, customers, bookings and their history.
import type { TimeRange, WeeklyHours } from '@app/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import {
  idAndTextParent,
  idAndUuidParent,
  pence,
  requiredUuidRef,
  timestampDefaultNow,
  timestamps,
  uuidPrimaryKey,
} from './columns.ts';

// ---- Catalogue ----

export type ServiceDuration = { minutes: number; pricePence: number };

export const service = pgTable(
  'service',
  {
    id: uuidPrimaryKey('id'),
    style: text('style').$type<'therapeutic' | 'sensual'>().notNull(),
    type: text('type').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    durations: jsonb('durations').$type<ServiceDuration[]>().notNull(),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    ...timestamps,
  },
  (table) => [uniqueIndex('service_type_idx').on(table.type)],
);

// ---- Booking engine ----

/**
 * One row (id 1): a number that changes, at the commit of any transaction that changes what the free times are made
 * of (bookings, blocks, special days, the rules), on every instance alike: database triggers keep it (migration
 * 0014, decision 045). Free times computed for one number stay right until it changes.
 */
export const diaryVersion = pgTable('diary_version', {
  id: smallint('id').primaryKey().default(1),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/** One row (id 1): the rules the owner edits. The time zone comes from BUSINESS_TIME_ZONE. */
export const businessSettings = pgTable('business_settings', {
  id: smallint('id').primaryKey().default(1),
  bufferMinutes: integer('buffer_minutes').notNull().default(15),
  minNoticeMinutes: integer('min_notice_minutes').notNull().default(120),
  horizonDays: integer('horizon_days').notNull().default(60),
  slotStepMinutes: integer('slot_step_minutes').notNull().default(15),
  cancellationCutoffHours: integer('cancellation_cutoff_hours').notNull().default(24),
  weeklyHours: jsonb('weekly_hours').$type<WeeklyHours>().notNull(),
  streetAddress: text('street_address').notNull().default(''),
  /** Business details the owner edits (/business); null falls back to the environment variable of the same meaning. */
  businessName: text('business_name'),
  businessArea: text('business_area'),
  businessPhone: text('business_phone'),
  businessEmail: text('business_email'),
  /** The owner closed the dashboard's setup checklist. */
  setupDismissed: boolean('setup_dismissed').notNull().default(false),
  /** Money settings: VAT registration is optional; rates are in basis points (2000 = 20 %). */
  vatRegistered: boolean('vat_registered').notNull().default(false),
  vatNumber: text('vat_number').notNull().default(''),
  vatRateBp: integer('vat_rate_bp').notNull().default(2000),
  invoiceDueDays: integer('invoice_due_days').notNull().default(14),
  /** Printed at the foot of every invoice: bank details, thanks. */
  invoiceFooter: text('invoice_footer').notNull().default(''),
  /** Discretion: by default calendar files and email subjects/previews call a sensual booking 'Massage appointment'. */
  nameSensualTreatments: boolean('name_sensual_treatments').notNull().default(false),
  ...timestamps,
});

export const availabilityOverride = pgTable(
  'availability_override',
  {
    id: uuidPrimaryKey('id'),
    date: date('date', { mode: 'string' }).notNull(),
    kind: text('kind').$type<'closed' | 'hours' | 'extra'>().notNull(),
    ranges: jsonb('ranges').$type<TimeRange[]>().notNull().default([]),
    note: text('note').notNull().default(''),
    ...timestamps,
  },
  (table) => [index('availability_override_date_idx').on(table.date)],
);

export const blockedPeriod = pgTable(
  'blocked_period',
  {
    id: uuidPrimaryKey('id'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    reason: text('reason').notNull().default(''),
    ...timestamps,
  },
  (table) => [index('blocked_period_range_idx').on(table.startsAt, table.endsAt)],
);

/** The business's view of a client account: policy, tags, private notes. */
export const customer = pgTable('customer', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  policy: text('policy').$type<'new' | 'trusted' | 'blocked'>().notNull().default('new'),
  tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
  privateNotes: text('private_notes').notNull().default(''),
  ...timestamps,
});

export type BookingStatusValue = 'awaiting_payment' | 'pending' | 'confirmed' | 'completed' | 'no_show' | 'cancelled';

/**
 * The diary. `occupied_until` is the end plus the buffer after it; the database itself refuses two
 * active bookings whose [starts_at, occupied_until) overlap (an exclusion constraint, migration 0003).
 */
export const booking = pgTable(
  'booking',
  {
    id: uuidPrimaryKey('id'),
    clientId: text('client_id').references(() => user.id, { onDelete: 'set null' }),
    serviceId: requiredUuidRef('service_id', () => service.id),
    serviceName: text('service_name').notNull(),
    style: text('style').$type<'therapeutic' | 'sensual'>().notNull(),
    type: text('type').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    pricePence: pence('price_pence'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    occupiedUntil: timestamp('occupied_until', { withTimezone: true }).notNull(),
    status: text('status').$type<BookingStatusValue>().notNull(),
    version: integer('version').notNull().default(1),
    clientName: text('client_name').notNull(),
    clientEmail: text('client_email'),
    clientPhone: text('client_phone'),
    notes: text('notes').notNull().default(''),
    /** The owner's own notes; never shown to the client. */
    privateNotes: text('private_notes').notNull().default(''),
    adultConfirmedAt: timestamp('adult_confirmed_at', { withTimezone: true }),
    source: text('source').$type<'client' | 'admin'>().notNull().default('client'),
    idempotencyKey: text('idempotency_key'),
    cancelledBy: text('cancelled_by').$type<'client' | 'business'>(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    ...timestamps,
  },
  (table) => [
    index('booking_starts_at_idx').on(table.startsAt),
    // Analytics read every column they need from this index alone (index-only scans over years of rows).
    index('booking_analytics_idx').on(
      table.startsAt,
      table.status,
      table.clientId,
      table.createdAt,
      table.durationMinutes,
      table.style,
      table.type,
      table.cancelledBy,
    ),
    index('booking_client_idx').on(table.clientId, table.startsAt),
    uniqueIndex('booking_idempotency_idx').on(table.clientId, table.idempotencyKey),
  ],
);

/**
 * Bookings per local day and status, kept by triggers on `booking` in the transaction that changes a booking
 * (migration 0008, decision 030): analytics count years of bookings from a few thousand rows. The day is the
 * local date in the time zone of `booking_day_zone`; `ensureBookingDaySummary` rebuilds both when the business's
 * time zone differs.
 */
export const bookingDay = pgTable(
  'booking_day',
  {
    day: date('day').notNull(),
    status: text('status').$type<BookingStatusValue>().notNull(),
    bookings: integer('bookings').notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.status] })],
);

/** The one time zone `booking_day` is counted in; no row until the summary is first built. */
export const bookingDayZone = pgTable('booking_day_zone', {
  id: boolean('id').primaryKey().default(true),
  timeZone: text('time_zone').notNull(),
});

/** Every change of a booking: who, when, what it was and what it became. */
export const bookingEvent = pgTable(
  'booking_event',
  {
    ...idAndUuidParent('bookingId', 'booking_id', () => booking.id),
    action: text('action').notNull(),
    actorId: text('actor_id'),
    actorRole: text('actor_role').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    at: timestampDefaultNow('at'),
  },
  (table) => [index('booking_event_booking_idx').on(table.bookingId, table.at)],
);

// ---- Calendar feeds ----

/** A private iCalendar subscription; only the SHA-256 of its token is kept, so a leak of the table leaks no URL. */
export const calendarFeed = pgTable(
  'calendar_feed',
  {
    ...idAndTextParent('userId', 'user_id', () => user.id),
    kind: text('kind').$type<'admin' | 'lodger'>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [index('calendar_feed_user_idx').on(table.userId)],
);
