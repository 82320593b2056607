import type { PaymentPolicy, TimeRange, WebsiteImageFormat, WebsiteSettings, WeeklyHours } from '@app/shared';
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
  unique,
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
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
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
    /** Made by a passkey sign-in (or strengthened by adding one): that session has its second factor (decision 033). */
    viaPasskey: boolean('via_passkey').notNull().default(false),
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

/** better-auth's two-factor plugin: the encrypted TOTP secret and recovery codes of one user. */
export const twoFactor = pgTable(
  'two_factor',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    verified: boolean('verified').default(true),
    failedVerificationCount: integer('failed_verification_count').default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (table) => [index('two_factor_user_idx').on(table.userId), index('two_factor_secret_idx').on(table.secret)],
);

/** better-auth's passkey plugin: one WebAuthn credential of a user (public key only; the private key stays on the device). */
export const passkey = pgTable(
  'passkey',
  {
    id: text('id').primaryKey(),
    name: text('name'),
    publicKey: text('public_key').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    credentialID: text('credential_id').notNull(),
    counter: integer('counter').notNull(),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull(),
    transports: text('transports'),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow(),
    aaguid: text('aaguid'),
  },
  (table) => [index('passkey_user_idx').on(table.userId), uniqueIndex('passkey_credential_idx').on(table.credentialID)],
);

/**
 * Failed attempts at a secret per account, whatever address they come from (decision 020): password sign-ins by
 * lower-cased email (scope 'sign-in'), second-factor codes by user id (scope 'second-factor'). An attempt is reserved
 * here before the secret is checked, in one statement, so requests in flight cannot all pass (decision 058).
 */
export const authFailure = pgTable(
  'auth_failure',
  {
    scope: text('scope').notNull(),
    subject: text('subject').notNull(),
    failures: integer('failures').notNull(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.scope, table.subject] })],
);

/** The last authenticator time step accepted per account: no code of that step or an earlier one is taken again. */
export const totpAcceptedStep = pgTable('totp_accepted_step', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  step: bigint('step', { mode: 'number' }).notNull(),
});

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

export type BookingStatusValue = 'awaiting_payment' | 'pending' | 'confirmed' | 'completed' | 'no_show' | 'cancelled';

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
    /** Set when the money settles an invoice rather than a booking paid on the day. */
    invoiceId: uuid('invoice_id').references(() => invoice.id, { onDelete: 'set null' }),
    /** A refund is money paid back: its amount is positive, its kind says the direction. */
    kind: text('kind').$type<'payment' | 'refund'>().notNull().default('payment'),
    amountPence: integer('amount_pence').notNull(),
    method: text('method').$type<'cash' | 'card' | 'bank_transfer'>().notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
    note: text('note').notNull().default(''),
    recordedBy: text('recorded_by'),
    ...timestamps,
  },
  (table) => [
    index('payment_booking_idx').on(table.bookingId),
    index('payment_client_idx').on(table.clientId),
    index('payment_invoice_idx').on(table.invoiceId),
    // The dashboard's money received in a week or month: a range of paid_at, read from the index alone.
    index('payment_paid_at_idx').on(table.paidAt, table.amountPence),
  ],
);

/**
 * What each client has paid in all (payments and refunds alike, as the customer list sums them), kept by triggers on
 * `payment` in the transaction that changes a payment (migration 0013, decision 044): sorting the customer list by
 * spend reads one row per client instead of every payment. A client with no payment left has no row.
 */
export const clientSpend = pgTable('client_spend', {
  clientId: text('client_id').primaryKey(),
  payments: integer('payments').notNull(),
  spendPence: bigint('spend_pence', { mode: 'number' }).notNull(),
});

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

// ---- Money: files, expenses, invoices, ledger ----

/**
 * A stored object's metadata (spec section 3). The bytes live on local disk under DATA_DIR or in an
 * S3-compatible bucket; `path` is the object's full path in its bucket.
 */
export const storedFile = pgTable(
  'stored_file',
  {
    id: uuid('id').primaryKey().defaultRandom(),
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

/** Chart of accounts. Codes: 1xxx assets, 2xxx liabilities, 3xxx equity, 4xxx income, 5xxx expenses. */
export type LedgerAccountKind = 'asset' | 'liability' | 'equity' | 'income' | 'expense';
export const ledgerAccount = pgTable('ledger_account', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  kind: text('kind').$type<LedgerAccountKind>().notNull(),
  /** System accounts are referred to by the code itself; they cannot be renamed away. */
  system: boolean('system').notNull().default(false),
  ...timestamps,
});

/**
 * One balanced posting. Rows of journal_entry and journal_line are never updated or deleted (triggers,
 * migration 0006); the database also refuses to commit an entry whose debits and credits differ.
 */
export type JournalSourceType =
  | 'payment'
  | 'refund'
  | 'invoice'
  | 'credit_note'
  | 'invoice_payment'
  | 'payment_applied'
  | 'expense'
  | 'deposit_applied'
  | 'deposit_kept'
  | 'stripe_balance'
  | 'no_show_fee'
  | 'voucher_sale'
  | 'voucher_redeemed'
  | 'voucher_expired'
  | 'voucher_returned'
  | 'reversal'
  | 'manual';
export const journalEntry = pgTable(
  'journal_entry',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: integer('number').generatedAlwaysAsIdentity().notNull(),
    /** The accounting date, in the business's time zone. */
    date: date('date', { mode: 'string' }).notNull(),
    description: text('description').notNull(),
    sourceType: text('source_type').$type<JournalSourceType>().notNull(),
    sourceId: text('source_id'),
    reversesEntryId: uuid('reverses_entry_id'),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('journal_entry_date_idx').on(table.date),
    index('journal_entry_source_idx').on(table.sourceType, table.sourceId),
    uniqueIndex('journal_entry_reverses_idx').on(table.reversesEntryId),
  ],
);

export const journalLine = pgTable(
  'journal_line',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => journalEntry.id),
    accountCode: text('account_code')
      .notNull()
      .references(() => ledgerAccount.code),
    debitPence: integer('debit_pence').notNull().default(0),
    creditPence: integer('credit_pence').notNull().default(0),
    /** The entry's date again, so reports read lines alone. */
    date: date('date', { mode: 'string' }).notNull(),
    /** Income analysis: the massage style and type a sales line came from. */
    style: text('style').$type<'therapeutic' | 'sensual'>(),
    serviceType: text('service_type'),
    memo: text('memo').notNull().default(''),
    /** On VAT lines: output VAT (charged on sales) or input VAT (paid on expenses), for the VAT return. */
    vatKind: text('vat_kind').$type<'output' | 'input'>(),
  },
  (table) => [
    index('journal_line_entry_idx').on(table.entryId),
    index('journal_line_date_idx').on(table.date),
    // Reports read lines by account and date from this index alone: income by style and type
    // (P&L, analytics revenue), VAT by kind, balances over years of lines.
    index('journal_line_report_idx').on(
      table.accountCode,
      table.date,
      table.style,
      table.serviceType,
      table.debitPence,
      table.creditPence,
      table.vatKind,
    ),
  ],
);

/**
 * Journal lines summed per accounting date, account and the columns reports group by (migration 0013, decision
 * 044), kept by a trigger on `journal_line` in the posting's own transaction; lines are never changed or deleted, so
 * adding each inserted statement is enough. Reports over years read a row per day and account instead of every line.
 */
export const journalDay = pgTable(
  'journal_day',
  {
    date: date('date', { mode: 'string' }).notNull(),
    accountCode: text('account_code').notNull(),
    style: text('style').$type<'therapeutic' | 'sensual'>(),
    serviceType: text('service_type'),
    vatKind: text('vat_kind').$type<'output' | 'input'>(),
    debitPence: bigint('debit_pence', { mode: 'number' }).notNull(),
    creditPence: bigint('credit_pence', { mode: 'number' }).notNull(),
  },
  (table) => [
    unique('journal_day_key')
      .on(table.accountCode, table.date, table.style, table.serviceType, table.vatKind)
      .nullsNotDistinct(),
  ],
);

export const expenseCategory = pgTable(
  'expense_category',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** The expense account (5xxx) this category posts to; each category has its own. */
    accountCode: text('account_code')
      .notNull()
      .references(() => ledgerAccount.code),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    ...timestamps,
  },
  (table) => [uniqueIndex('expense_category_name_idx').on(sql`lower(${table.name})`)],
);

export type ExpensePaymentMethod = 'cash' | 'card' | 'bank_transfer' | 'owner';
export const expense = pgTable(
  'expense',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    date: date('date', { mode: 'string' }).notNull(),
    supplier: text('supplier').notNull(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => expenseCategory.id),
    /** What was paid, VAT included. */
    amountPence: integer('amount_pence').notNull(),
    vatPence: integer('vat_pence').notNull().default(0),
    paymentMethod: text('payment_method').$type<ExpensePaymentMethod>().notNull(),
    notes: text('notes').notNull().default(''),
    /** Fingerprint of the bank statement line it was imported from, to spot a second import. */
    importKey: text('import_key'),
    /** The ledger entry that currently stands for this expense (an edit reverses it and posts anew). */
    journalEntryId: uuid('journal_entry_id'),
    /** Deleted expenses stay, reversed in the ledger, so the journal keeps pointing at something. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdBy: text('created_by'),
    ...timestamps,
  },
  (table) => [
    index('expense_date_idx').on(table.date),
    index('expense_category_date_idx').on(table.categoryId, table.date),
    index('expense_import_key_idx').on(table.importKey),
  ],
);

export const expenseReceipt = pgTable(
  'expense_receipt',
  {
    expenseId: uuid('expense_id')
      .notNull()
      .references(() => expense.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFile.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('expense_receipt_pk').on(table.expenseId, table.fileId)],
);

/** The last number used per series ('INV', 'CN'); a row lock on it makes numbers gapless. */
export const invoiceCounter = pgTable('invoice_counter', {
  series: text('series').primaryKey(),
  lastNumber: integer('last_number').notNull().default(0),
});

export type InvoiceStatusValue = 'draft' | 'issued' | 'part_paid' | 'paid' | 'void';
export const invoice = pgTable(
  'invoice',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<'invoice' | 'credit_note'>().notNull().default('invoice'),
    series: text('series').notNull(),
    /** Given when issued, never before: drafts hold no number, so deleting one leaves no gap. */
    number: integer('number'),
    status: text('status').$type<InvoiceStatusValue>().notNull().default('draft'),
    bookingId: uuid('booking_id').references(() => booking.id, { onDelete: 'set null' }),
    clientId: text('client_id').references(() => user.id, { onDelete: 'set null' }),
    billToName: text('bill_to_name').notNull(),
    billToEmail: text('bill_to_email'),
    billToAddress: text('bill_to_address').notNull().default(''),
    issueDate: date('issue_date', { mode: 'string' }),
    dueDate: date('due_date', { mode: 'string' }),
    subtotalPence: integer('subtotal_pence').notNull().default(0),
    vatPence: integer('vat_pence').notNull().default(0),
    totalPence: integer('total_pence').notNull().default(0),
    amountPaidPence: integer('amount_paid_pence').notNull().default(0),
    /** For a credit note: the invoice it cancels. */
    creditsInvoiceId: uuid('credits_invoice_id'),
    notes: text('notes').notNull().default(''),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    createdBy: text('created_by'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('invoice_number_idx').on(table.series, table.number),
    index('invoice_status_idx').on(table.status, table.issueDate),
    index('invoice_booking_idx').on(table.bookingId),
    index('invoice_client_idx').on(table.clientId),
  ],
);

export const invoiceLine = pgTable(
  'invoice_line',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoice.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull().default(1),
    unitPricePence: integer('unit_price_pence').notNull(),
    /** VAT rate in basis points: 2000 is 20 %. */
    vatRateBp: integer('vat_rate_bp').notNull().default(0),
    netPence: integer('net_pence').notNull(),
    vatPence: integer('vat_pence').notNull(),
    style: text('style').$type<'therapeutic' | 'sensual'>(),
    serviceType: text('service_type'),
  },
  (table) => [index('invoice_line_invoice_idx').on(table.invoiceId, table.position)],
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
  id: uuid('id').primaryKey().defaultRandom(),
  bucket: text('bucket').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  variants: jsonb('variants').$type<WebsiteImageVariant[]>().notNull(),
  uploadedBy: text('uploaded_by').references(() => user.id, { onDelete: 'set null' }),
  ...timestamps,
});

// ---- Online payment (issue 13) ----

/** One row (id 1): what the owner asks to be paid up front; seeded with "nothing" everywhere. */
export const paymentPolicy = pgTable('payment_policy', {
  id: smallint('id').primaryKey().default(1),
  rules: jsonb('rules').$type<Omit<PaymentPolicy, 'freeCancellationHours'>>().notNull(),
  freeCancellationHours: integer('free_cancellation_hours').notNull().default(24),
  ...timestamps,
});

export type OnlinePaymentStatus = 'awaiting' | 'succeeded' | 'failed' | 'cancelled';
/** Where the money of a succeeded payment stands in the books: held, then sales, kept (income) or paid back. */
export type OnlinePaymentSettlement = 'held' | 'recognised' | 'kept' | 'refunded';

/**
 * A Stripe PaymentIntent made for a booking (one per booking): the amount asked, until when the time is held, and
 * what became of the money. The money itself is a `payment` row once Stripe says it succeeded.
 */
export const onlinePayment = pgTable(
  'online_payment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id').references(() => booking.id, { onDelete: 'set null' }),
    purpose: text('purpose').$type<'deposit' | 'prepayment'>().notNull(),
    amountPence: integer('amount_pence').notNull(),
    currency: text('currency').notNull(),
    /** Null only between the booking's commit and Stripe's answer. */
    intentId: text('intent_id'),
    status: text('status').$type<OnlinePaymentStatus>().notNull().default('awaiting'),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }).notNull(),
    paymentId: uuid('payment_id').references(() => payment.id, { onDelete: 'set null' }),
    refundId: uuid('refund_id').references(() => payment.id, { onDelete: 'set null' }),
    settlement: text('settlement').$type<OnlinePaymentSettlement>(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('online_payment_booking_idx').on(table.bookingId),
    uniqueIndex('online_payment_intent_idx').on(table.intentId),
    index('online_payment_hold_idx').on(table.status, table.holdExpiresAt),
  ],
);

export type OnlineRefundStatus = 'requested' | 'retrying' | 'pending' | 'succeeded' | 'failed';

/**
 * A refund of an online payment asked of Stripe (issue 13, decision 053): written before Stripe is called, so a
 * call that fails after the commit is retried by a job with the same idempotency key, and recorded in the books
 * (a `payment` row of kind 'refund' and its posting) only once Stripe says it succeeded.
 */
export const onlineRefund = pgTable(
  'online_refund',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    onlinePaymentId: uuid('online_payment_id')
      .notNull()
      .references(() => onlinePayment.id),
    bookingId: uuid('booking_id').references(() => booking.id, { onDelete: 'set null' }),
    amountPence: integer('amount_pence').notNull(),
    reason: text('reason').notNull(),
    status: text('status').$type<OnlineRefundStatus>().notNull().default('requested'),
    stripeRefundId: text('stripe_refund_id'),
    /** Stripe's words for a failure, shown to the owner; never the client's details. */
    failure: text('failure'),
    attempts: integer('attempts').notNull().default(0),
    paymentId: uuid('payment_id').references(() => payment.id, { onDelete: 'set null' }),
    requestedBy: text('requested_by'),
    ...timestamps,
  },
  (table) => [
    index('online_refund_payment_idx').on(table.onlinePaymentId),
    uniqueIndex('online_refund_stripe_idx').on(table.stripeRefundId),
    index('online_refund_status_idx').on(table.status),
  ],
);

/** Every Stripe event handled, by Stripe's id: a repeat delivery finds its row and changes nothing. */
export const stripeEvent = pgTable('stripe_event', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  objectId: text('object_id'),
  /** What handling it did, for whoever reads the table after a dispute. */
  outcome: text('outcome').notNull().default(''),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every Stripe balance transaction the daily job has read, by Stripe's id (issue 13, decision 054): a second run,
 * or two instances running at once, find the row and post nothing. The newest `created` is where the next run
 * starts reading.
 */
export const stripeBalanceTransaction = pgTable(
  'stripe_balance_transaction',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    amountPence: integer('amount_pence').notNull(),
    feePence: integer('fee_pence').notNull(),
    currency: text('currency').notNull(),
    created: timestamp('created', { withTimezone: true }).notNull(),
    /** The posting it made; null when it changed nothing in the books (a payment's own amount, a foreign currency). */
    entryId: uuid('entry_id').references(() => journalEntry.id),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('stripe_balance_transaction_created_idx').on(table.created)],
);

export type NoShowFeeStatus = 'awaiting_card' | 'card_saved' | 'charged' | 'failed';

/**
 * A no-show fee a client agreed to when booking (issue 13): when and to what (amount, text version), the Stripe
 * Customer and SetupIntent that save their card, the saved payment method's id once Stripe says so (never a card
 * detail), and the off-session charge if the owner makes it after a no-show.
 */
export const noShowFee = pgTable(
  'no_show_fee',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => booking.id, { onDelete: 'cascade' }),
    amountPence: integer('amount_pence').notNull(),
    currency: text('currency').notNull(),
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull(),
    consentVersion: text('consent_version').notNull(),
    /** Null only between the booking's commit and Stripe's answer. */
    customerId: text('customer_id'),
    setupIntentId: text('setup_intent_id'),
    paymentMethodId: text('payment_method_id'),
    status: text('status').$type<NoShowFeeStatus>().notNull().default('awaiting_card'),
    intentId: text('intent_id'),
    failureMessage: text('failure_message'),
    paymentId: uuid('payment_id').references(() => payment.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('no_show_fee_booking_idx').on(table.bookingId),
    uniqueIndex('no_show_fee_setup_idx').on(table.setupIntentId),
    uniqueIndex('no_show_fee_intent_idx').on(table.intentId),
  ],
);

// ---- Gift vouchers (issue 13) ----

export type VoucherKind = 'amount' | 'treatment';
export type VoucherStatus = 'awaiting_payment' | 'active' | 'expired' | 'cancelled';
export type VoucherSoldBy = 'cash' | 'card' | 'bank_transfer' | 'online';

/**
 * A gift voucher: an amount (multi-purpose) or a named treatment and length (single-purpose, decision 051). The code
 * is stored without its dashes; the balance only ever goes down, by a conditional update (never below zero).
 */
export const voucher = pgTable(
  'voucher',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    kind: text('kind').$type<VoucherKind>().notNull(),
    serviceId: uuid('service_id').references(() => service.id, { onDelete: 'set null' }),
    /** The treatment as sold (a single-purpose voucher); its style decides the sales account at redemption. */
    serviceName: text('service_name'),
    durationMinutes: integer('duration_minutes'),
    style: text('style').$type<'therapeutic' | 'sensual'>(),
    serviceType: text('service_type'),
    /** The VAT rate charged at sale (single-purpose) ; zero for an amount, whose VAT is due at redemption. */
    vatRateBp: integer('vat_rate_bp').notNull().default(0),
    valuePence: integer('value_pence').notNull(),
    balancePence: integer('balance_pence').notNull(),
    /** What was left when it expired and was released to other income. */
    expiredPence: integer('expired_pence').notNull().default(0),
    status: text('status').$type<VoucherStatus>().notNull().default('awaiting_payment'),
    soldBy: text('sold_by').$type<VoucherSoldBy>().notNull(),
    buyerId: text('buyer_id').references(() => user.id, { onDelete: 'set null' }),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull().default(''),
    /** A gift: who receives it, by email on the send date. Null: the buyer keeps it. */
    recipientName: text('recipient_name'),
    recipientEmail: text('recipient_email'),
    message: text('message').notNull().default(''),
    sendOn: date('send_on', { mode: 'string' }),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    intentId: text('intent_id'),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    createdBy: text('created_by'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('voucher_code_idx').on(table.code),
    uniqueIndex('voucher_intent_idx').on(table.intentId),
    index('voucher_buyer_idx').on(table.buyerId),
    index('voucher_status_idx').on(table.status, table.expiresOn),
  ],
);

/** Each spending of a voucher: at the till or in the booking funnel, against a booking. */
export const voucherRedemption = pgTable(
  'voucher_redemption',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    voucherId: uuid('voucher_id')
      .notNull()
      .references(() => voucher.id),
    bookingId: uuid('booking_id').references(() => booking.id, { onDelete: 'set null' }),
    amountPence: integer('amount_pence').notNull(),
    redeemedBy: text('redeemed_by'),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }).notNull().defaultNow(),
    /** Given back onto the voucher when the booking was cancelled: it no longer counts as paid (never deleted). */
    returnedAt: timestamp('returned_at', { withTimezone: true }),
  },
  (table) => [
    index('voucher_redemption_voucher_idx').on(table.voucherId),
    index('voucher_redemption_booking_idx').on(table.bookingId),
  ],
);
