// The VAT return filed through HMRC's Making Tax Digital VAT API (decision 067).
import type { NineBoxes } from '@app/shared';
import { date, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps, uuidPrimaryKey } from './columns.ts';
import { journalEntry } from './money.ts';

/**
 * One row (id 1): the business's link to HMRC. The OAuth tokens are sealed under RECORDS_KEY (decision 068), never
 * kept readable in the database; `pendingState` is the hash of the OAuth `state` of a connection under way.
 */
export const hmrcConnection = pgTable('hmrc_connection', {
  id: smallint('id').primaryKey().default(1),
  vrn: text('vrn').notNull(),
  /** `{ accessToken, refreshToken, expiresAt }` sealed; null until HMRC has answered the owner's consent. */
  sealedTokens: text('sealed_tokens'),
  pendingState: text('pending_state'),
  pendingSince: timestamp('pending_since', { withTimezone: true }),
  connectedAt: timestamp('connected_at', { withTimezone: true }),
  connectedBy: text('connected_by'),
  ...timestamps,
});

export type VatReturnStatus = 'filing' | 'filed';

/**
 * A VAT period filed (or being filed) with HMRC: the figures sent and HMRC's receipt. A row locks the ledger up to
 * its `periodEnd` from the moment it is written as `filing`; a failed submission deletes it (decision 067).
 */
export const vatReturn = pgTable(
  'vat_return',
  {
    id: uuidPrimaryKey('id'),
    vrn: text('vrn').notNull(),
    periodKey: text('period_key').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    status: text('status').$type<VatReturnStatus>().notNull(),
    /** The nine boxes sent, in pence. */
    boxes: jsonb('boxes').$type<NineBoxes>(),
    processingDate: text('processing_date'),
    formBundleNumber: text('form_bundle_number'),
    chargeRefNumber: text('charge_ref_number'),
    paymentIndicator: text('payment_indicator'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    submittedBy: text('submitted_by').notNull(),
    ...timestamps,
  },
  (table) => [uniqueIndex('vat_return_period_idx').on(table.vrn, table.periodKey)],
);

/**
 * A journal entry that happened on a day of a filed VAT period and was posted on the first open day instead
 * (decision 067): the day it belongs to is kept here, so nothing of it is lost.
 */
export const vatMovedEntry = pgTable('vat_moved_entry', {
  entryId: uuid('entry_id')
    .primaryKey()
    .references(() => journalEntry.id),
  intendedDate: date('intended_date', { mode: 'string' }).notNull(),
  ...timestamps,
});
