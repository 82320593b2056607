// The install's own tables: the email outbox and its templates, settings and counters every instance shares, the
// audit trail, stored files and the website's look.
import type { WebsiteImageFormat, WebsiteSettings } from '@app/shared';
import { index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { timestampDefaultNow, timestamps, uuidPrimaryKey } from './columns.ts';

// ---- Email outbox ----

export const emailStatuses = ['pending', 'sending', 'sent', 'failed', 'captured'] as const;
export type EmailStatus = (typeof emailStatuses)[number];

export type EmailAttachment = { filename: string; contentType: string; contentBase64: string };

export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuidPrimaryKey('id'),
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

// ---- Emails the owner words, and the audit trail ----

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
    id: uuidPrimaryKey('id'),
    actorId: text('actor_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestampDefaultNow('at'),
  },
  (table) => [index('audit_log_entity_idx').on(table.entityType, table.entityId, table.at)],
);

// ---- Files (spec section 3) ----

/**
 * A stored object's metadata (spec section 3). The bytes live on local disk under DATA_DIR or in an
 * S3-compatible bucket; `path` is the object's full path in its bucket.
 */
export const storedFile = pgTable(
  'stored_file',
  {
    id: uuidPrimaryKey('id'),
    bucket: text('bucket').notNull(),
    path: text('path').notNull(),
    generation: text('generation').notNull(),
    metageneration: integer('metageneration').notNull().default(1),
    size: integer('size').notNull(),
    md5Hash: text('md5_hash').notNull(),
    contentType: text('content_type').notNull(),
    cacheControl: text('cache_control'),
    contentDisposition: text('content_disposition'),
    contentEncoding: text('content_encoding'),
    contentLanguage: text('content_language'),
    customMetadata: jsonb('custom_metadata').$type<Record<string, string>>().notNull().default({}),
    uploadedBy: text('uploaded_by').references(() => user.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [uniqueIndex('stored_file_path_idx').on(table.bucket, table.path)],
);

// ---- The business's own look (the Website section) ----

/** One row (id 1): the owner's website settings, as `websiteSettingsInput` parsed them. */
export const websiteSettings = pgTable('website_settings', {
  id: smallint('id').primaryKey().default(1),
  settings: jsonb('settings').$type<WebsiteSettings>().notNull(),
  ...timestamps,
});

/** A website photo: resized on upload into `variants`, each an object of the file store (public once referenced). */
export type WebsiteImageVariant = { width: number; format: WebsiteImageFormat; path: string; size: number };
export const websiteImage = pgTable('website_image', {
  id: uuidPrimaryKey('id'),
  bucket: text('bucket').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  variants: jsonb('variants').$type<WebsiteImageVariant[]>().notNull(),
  uploadedBy: text('uploaded_by').references(() => user.id, { onDelete: 'set null' }),
  ...timestamps,
});
