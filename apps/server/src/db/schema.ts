import type { TimeRange, WeeklyHours } from '@app/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

// ---- Accounts (the tables better-auth reads and writes, with the admin plugin's fields) ----

export const user = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    phone: text('phone'),
    role: text('role').notNull().default('user'),
    banned: boolean('banned').default(false),
    banReason: text('ban_reason'),
    banExpires: timestamp('ban_expires', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [uniqueIndex('user_email_lower_idx').on(sql`lower(${table.email})`)],
);

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    impersonatedBy: text('impersonated_by'),
    ...timestamps,
  },
  (table) => [index('session_user_idx').on(table.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (table) => [index('account_user_idx').on(table.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [index('verification_identifier_idx').on(table.identifier)],
);

// ---- Email outbox ----

export const emailStatuses = ['pending', 'sending', 'sent', 'failed', 'captured'] as const;
export type EmailStatus = (typeof emailStatuses)[number];

export type EmailAttachment = { filename: string; contentType: string; contentBase64: string };

export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    attachments: jsonb('attachments').$type<EmailAttachment[]>().notNull().default([]),
    /** What caused it (e.g. 'auth.verify-email'), for the admin's sent log. */
    kind: text('kind').notNull(),
    status: text('status').$type<EmailStatus>().notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Set for emails that must go out once only, e.g. 'reminder:<booking>:<start>'. */
    dedupeKey: text('dedupe_key').unique(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [index('email_outbox_status_idx').on(table.status, table.createdAt)],
);

// ---- Catalogue ----

export type ServiceDuration = { minutes: number; pricePence: number };

export const service = pgTable(
  'service',
  {
    id: uuid('id').primaryKey().defaultRandom(),
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

// ---- Install-wide state that every server instance shares ----

/** Key/value settings of the install, e.g. the generated auth secret when AUTH_SECRET is unset. */
export const appSetting = pgTable('app_setting', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  ...timestamps,
});

/** Rate-limit counters (API requests, sign-in attempts), in the database so they hold across instances. */
export const requestCounter = pgTable('request_counter', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

// ---- Booking engine ----

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
  ...timestamps,
});

export const availabilityOverride = pgTable(
  'availability_override',
  {
    id: uuid('id').primaryKey().defaultRandom(),
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
    id: uuid('id').primaryKey().defaultRandom(),
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

export type BookingStatusValue = 'pending' | 'confirmed' | 'completed' | 'no_show' | 'cancelled';

/**
 * The diary. `occupied_until` is the end plus the buffer after it; the database itself refuses two
 * active bookings whose [starts_at, occupied_until) overlap (an exclusion constraint, migration 0003).
 */
export const booking = pgTable(
  'booking',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: text('client_id').references(() => user.id, { onDelete: 'set null' }),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => service.id),
    serviceName: text('service_name').notNull(),
    style: text('style').$type<'therapeutic' | 'sensual'>().notNull(),
    type: text('type').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    pricePence: integer('price_pence').notNull(),
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
    index('booking_client_idx').on(table.clientId, table.startsAt),
    uniqueIndex('booking_idempotency_idx').on(table.clientId, table.idempotencyKey),
  ],
);

/** Every change of a booking: who, when, what it was and what it became. */
export const bookingEvent = pgTable(
  'booking_event',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => booking.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    actorId: text('actor_id'),
    actorRole: text('actor_role').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('booking_event_booking_idx').on(table.bookingId, table.at)],
);

// ---- Back office ----

/** Money received, usually against a booking. Issue 6 posts each one to the ledger. */
export const payment = pgTable(
  'payment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id').references(() => booking.id, { onDelete: 'set null' }),
    clientId: text('client_id').references(() => user.id, { onDelete: 'set null' }),
    amountPence: integer('amount_pence').notNull(),
    method: text('method').$type<'cash' | 'card' | 'bank_transfer'>().notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
    note: text('note').notNull().default(''),
    recordedBy: text('recorded_by'),
    ...timestamps,
  },
  (table) => [index('payment_booking_idx').on(table.bookingId), index('payment_client_idx').on(table.clientId)],
);

/** A private iCalendar subscription; only the SHA-256 of its token is kept, so a leak of the table leaks no URL. */
export const calendarFeed = pgTable(
  'calendar_feed',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'admin' | 'lodger'>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [index('calendar_feed_user_idx').on(table.userId)],
);

/** The owner's wording of an email kind; without a row the default template is used. */
export const emailTemplate = pgTable('email_template', {
  kind: text('kind').primaryKey(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  ...timestamps,
});

/** Every change an admin makes to a booking, a customer or a setting: who, what, when, before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: text('actor_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('audit_log_entity_idx').on(table.entityType, table.entityId, table.at)],
);
