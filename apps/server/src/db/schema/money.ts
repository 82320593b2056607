// Money the business keeps books of: payments received, the ledger, expenses and invoices.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { booking } from './bookings.ts';
import {
  idAndUuidParent,
  pence,
  requiredUuidRef,
  timestampDefaultNow,
  timestamps,
  uuidParentRef,
  uuidPrimaryKey,
} from './columns.ts';
import { storedFile } from './platform.ts';

// ---- Money: payments received, ledger, expenses, invoices ----

/** Money received, usually against a booking; each is posted to the ledger (decision 015). */
export const payment = pgTable(
  'payment',
  {
    id: uuidPrimaryKey('id'),
    bookingId: uuid('booking_id').references(() => booking.id, { onDelete: 'set null' }),
    clientId: text('client_id').references(() => user.id, { onDelete: 'set null' }),
    /** Set when the money settles an invoice rather than a booking paid on the day. */
    invoiceId: uuid('invoice_id').references(() => invoice.id, { onDelete: 'set null' }),
    /** A refund is money paid back: its amount is positive, its kind says the direction. */
    kind: text('kind').$type<'payment' | 'refund'>().notNull().default('payment'),
    amountPence: pence('amount_pence'),
    method: text('method').$type<'cash' | 'card' | 'bank_transfer'>().notNull(),
    paidAt: timestampDefaultNow('paid_at'),
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
  | 'course_sale'
  | 'course_session_used'
  | 'course_session_returned'
  | 'course_adjusted'
  | 'course_expired'
  | 'reversal'
  | 'manual';
export const journalEntry = pgTable(
  'journal_entry',
  {
    id: uuidPrimaryKey('id'),
    number: integer('number').generatedAlwaysAsIdentity().notNull(),
    /** The accounting date, in the business's time zone. */
    date: date('date', { mode: 'string' }).notNull(),
    description: text('description').notNull(),
    sourceType: text('source_type').$type<JournalSourceType>().notNull(),
    sourceId: text('source_id'),
    reversesEntryId: uuid('reverses_entry_id'),
    createdBy: text('created_by'),
    createdAt: timestampDefaultNow('created_at'),
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
    id: uuidPrimaryKey('id'),
    entryId: requiredUuidRef('entry_id', () => journalEntry.id),
    accountCode: text('account_code')
      .notNull()
      .references(() => ledgerAccount.code),
    debitPence: pence('debit_pence').default(0),
    creditPence: pence('credit_pence').default(0),
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

/** What the journal's sums are kept by, and the sums: the same columns by day and by month. */
const journalSumColumns = () => ({
  accountCode: text('account_code').notNull(),
  style: text('style').$type<'therapeutic' | 'sensual'>(),
  serviceType: text('service_type'),
  vatKind: text('vat_kind').$type<'output' | 'input'>(),
  debitPence: bigint('debit_pence', { mode: 'number' }).notNull(),
  creditPence: bigint('credit_pence', { mode: 'number' }).notNull(),
});

/**
 * Journal lines summed per accounting date, account and the columns reports group by (migration 0013, decision
 * 044), kept by a trigger on `journal_line` in the posting's own transaction; lines are never changed or deleted, so
 * adding each inserted statement is enough. Reports over years read a row per day and account instead of every line.
 */
export const journalDay = pgTable(
  'journal_day',
  {
    date: date('date', { mode: 'string' }).notNull(),
    ...journalSumColumns(),
  },
  (table) => [
    unique('journal_day_key')
      .on(table.accountCode, table.date, table.style, table.serviceType, table.vatKind)
      .nullsNotDistinct(),
  ],
);

/** `journal_day` summed by month (its first day), kept by a row trigger on it (decision 096). */
export const journalMonth = pgTable(
  'journal_month',
  {
    month: date('month', { mode: 'string' }).notNull(),
    ...journalSumColumns(),
  },
  (table) => [
    unique('journal_month_key')
      .on(table.accountCode, table.month, table.style, table.serviceType, table.vatKind)
      .nullsNotDistinct(),
  ],
);

export const expenseCategory = pgTable(
  'expense_category',
  {
    id: uuidPrimaryKey('id'),
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
    id: uuidPrimaryKey('id'),
    date: date('date', { mode: 'string' }).notNull(),
    supplier: text('supplier').notNull(),
    categoryId: requiredUuidRef('category_id', () => expenseCategory.id),
    /** What was paid, VAT included. */
    amountPence: pence('amount_pence'),
    vatPence: pence('vat_pence').default(0),
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
    expenseId: uuidParentRef('expense_id', () => expense.id),
    fileId: uuidParentRef('file_id', () => storedFile.id),
    createdAt: timestampDefaultNow('created_at'),
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
    id: uuidPrimaryKey('id'),
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
    subtotalPence: pence('subtotal_pence').default(0),
    vatPence: pence('vat_pence').default(0),
    totalPence: pence('total_pence').default(0),
    amountPaidPence: pence('amount_paid_pence').default(0),
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
    ...idAndUuidParent('invoiceId', 'invoice_id', () => invoice.id),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull().default(1),
    unitPricePence: pence('unit_price_pence'),
    /** VAT rate in basis points: 2000 is 20 %. */
    vatRateBp: integer('vat_rate_bp').notNull().default(0),
    netPence: pence('net_pence'),
    vatPence: pence('vat_pence'),
    style: text('style').$type<'therapeutic' | 'sensual'>(),
    serviceType: text('service_type'),
  },
  (table) => [index('invoice_line_invoice_idx').on(table.invoiceId, table.position)],
);
