// Texts and the owner's other calendars.
import type { TextKind } from '@app/shared';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { booking } from './bookings.ts';
import { idAndTextParent, idAndUuidParent, timestampDefaultNow, timestamps, uuidPrimaryKey } from './columns.ts';

// ---- The owner's other calendars as busy time (decision 071) ----

/**
 * A private iCalendar address of the owner's (Google's secret address, iCloud's or Outlook's published link). The
 * address is a secret: only the owner's own screens read it back. ETag and Last-Modified make each refresh cheap.
 */
export const outsideCalendar = pgTable('outside_calendar', {
  id: uuidPrimaryKey('id'),
  label: text('label').notNull(),
  url: text('url').notNull(),
  etag: text('etag'),
  lastModified: text('last_modified'),
  /** The last attempt, good or not; a failure keeps the last good busy times and is shown with its error. */
  checkedAt: timestamp('checked_at', { withTimezone: true }),
  /** When the calendar's server last answered well (a 304 to the ETag included). */
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
  /** When the busy times were last worked out from a whole answer: the window moves on, so now and then they must be. */
  expandedAt: timestamp('expanded_at', { withTimezone: true }),
  lastError: text('last_error'),
  ...timestamps,
});

/** The last good copy of one calendar's busy times, expanded (recurrences, exceptions, time zones) into instants. */
export const outsideBusy = pgTable(
  'outside_busy',
  {
    ...idAndUuidParent('calendarId', 'calendar_id', () => outsideCalendar.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** The event's title, shown to the owner alone; everyone else sees "Busy (personal)" or just busy. */
    title: text('title').notNull().default(''),
  },
  (table) => [index('outside_busy_range_idx').on(table.startsAt, table.endsAt)],
);

// ---- Texts: SMS and WhatsApp through Twilio (decision 072) ----

// One list of text kinds, the shared package's: the templates and the screens name the same kinds.
export type { TextKind };
export type TextChannel = 'sms' | 'whatsapp';
/**
 * queued → sending (claimed, the provider asked) → sent → delivered | undelivered | failed. A text is claimed by a
 * conditional update before the provider is asked, so two instances never send one twice; one left 'sending' by a
 * killed worker becomes 'unknown' and is never sent again (decision 072).
 */
export type TextStatus = 'queued' | 'sending' | 'sent' | 'delivered' | 'undelivered' | 'failed' | 'unknown';

/** Every text is a row first, written in the transaction that caused it, like the email outbox. */
export const textOutbox = pgTable(
  'text_outbox',
  {
    id: uuidPrimaryKey('id'),
    kind: text('kind').$type<TextKind>().notNull(),
    channel: text('channel').$type<TextChannel>().notNull().default('sms'),
    /** E.164, e.g. +447700900123. */
    recipient: text('recipient').notNull(),
    body: text('body').notNull(),
    bookingId: uuid('booking_id').references(() => booking.id, { onDelete: 'set null' }),
    /** A text with a key is written once only (a reminder per booking, start and offset). */
    dedupeKey: text('dedupe_key'),
    status: text('status').$type<TextStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestampDefaultNow('next_attempt_at'),
    /** Twilio's message SID, the key of its status callbacks. */
    providerId: text('provider_id'),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('text_outbox_dedupe_idx').on(table.dedupeKey),
    uniqueIndex('text_outbox_provider_idx').on(table.providerId),
    index('text_outbox_due_idx').on(table.status, table.nextAttemptAt),
    index('text_outbox_booking_idx').on(table.bookingId),
  ],
);

/** The owner's texts settings: one row (id 1), written on first save. */
export const textSettings = pgTable('text_settings', {
  id: integer('id').primaryKey().default(1),
  /** Send by WhatsApp instead of SMS when the owner's Twilio sender is enabled for it. */
  whatsapp: boolean('whatsapp').notNull().default(false),
  /** Hours before the start when a reminder text goes, e.g. [24, 2]. */
  reminderHours: jsonb('reminder_hours').$type<number[]>().notNull().default([24]),
  /** The owner's wording per kind; a kind not here uses the default. */
  templates: jsonb('templates').$type<Partial<Record<TextKind, string>>>().notNull().default({}),
  /** Screening: a new client's request needs a verified phone number. */
  requireVerifiedPhone: boolean('require_verified_phone').notNull().default(false),
  ...timestamps,
});

/** Numbers that replied STOP (or were stopped by the provider): nothing more is sent to them until START. */
export const textOptOut = pgTable('text_opt_out', {
  phone: text('phone').primaryKey(),
  optedOutAt: timestampDefaultNow('opted_out_at'),
});

export type ContactChannel = 'email' | 'text' | 'both';

/** A client's own choice of how to be told, and their verified number. */
export const contactPreference = pgTable('contact_preference', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  channel: text('channel').$type<ContactChannel>().notNull().default('both'),
  /** E.164; set with phoneVerifiedAt once a code sent to it was typed back. */
  phone: text('phone'),
  phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
  ...timestamps,
});

/** A verification code sent by text: stored hashed, expiring, with its wrong guesses counted. */
export const phoneVerification = pgTable(
  'phone_verification',
  {
    ...idAndTextParent('userId', 'user_id', () => user.id),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    /** The address that asked, for the per-address limit. */
    requestedFrom: text('requested_from').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    wrongGuesses: integer('wrong_guesses').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestampDefaultNow('created_at'),
  },
  (table) => [
    index('phone_verification_phone_idx').on(table.phone, table.createdAt),
    index('phone_verification_from_idx').on(table.requestedFrom, table.createdAt),
    index('phone_verification_user_idx').on(table.userId, table.createdAt),
  ],
);
