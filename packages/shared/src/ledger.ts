import { z } from 'zod';
import { isoDateField, openPeriodFields, pageFields } from './fields.ts';

/** Accounts the product posts to by code; expense accounts (5xxx) follow the expense categories. */
export const accountCodes = {
  cash: '1000',
  bank: '1010',
  cardClearing: '1020',
  /** Card payments taken online through Stripe, until Stripe pays them out (decision 047). */
  stripeClearing: '1030',
  receivables: '1100',
  vat: '2200',
  /** Deposits and prepayments taken before the appointment: owed to the client until it takes place or is kept. */
  depositsHeld: '2300',
  /** Gift vouchers sold and not yet spent or expired: owed to whoever holds the code (decision 051). */
  vouchersOutstanding: '2310',
  /** Course sessions paid and not yet used or expired: owed to the client who bought them (decision 081). */
  coursesOutstanding: '2320',
  ownerEquity: '3000',
  salesTherapeutic: '4000',
  salesSensual: '4010',
  otherIncome: '4090',
  /** Stripe's fees on card payments taken online, from its balance transactions (decision 054). */
  cardProcessingFees: '5075',
} as const;

export const ledgerAccountKinds = ['asset', 'liability', 'equity', 'income', 'expense'] as const;
export type LedgerAccountKind = (typeof ledgerAccountKinds)[number];

export const journalSourceTypes = [
  'payment',
  'refund',
  'invoice',
  'credit_note',
  'invoice_payment',
  'payment_applied',
  'expense',
  'reversal',
  'manual',
  'deposit_applied',
  'deposit_kept',
  'stripe_balance',
  'no_show_fee',
  'voucher_sale',
  'voucher_redeemed',
  'voucher_expired',
  'voucher_returned',
  'course_sale',
  'course_session_used',
  'course_session_returned',
  'course_adjusted',
  'course_expired',
] as const;
export type JournalSourceType = (typeof journalSourceTypes)[number];

export type LedgerAccount = { code: string; name: string; kind: LedgerAccountKind; system: boolean };

export type JournalLine = {
  id: string;
  accountCode: string;
  accountName: string;
  debitPence: number;
  creditPence: number;
  style: 'therapeutic' | 'sensual' | null;
  serviceType: string | null;
  memo: string;
};

export type JournalEntry = {
  id: string;
  number: number;
  date: string;
  description: string;
  sourceType: JournalSourceType;
  sourceId: string | null;
  reversesEntryId: string | null;
  reversedByEntryId: string | null;
  createdAt: string;
  lines: JournalLine[];
};

const isoDate = isoDateField();

export const listJournalQuery = z.strictObject({
  ...openPeriodFields,
  account: z
    .string()
    .regex(/^\d{4}$/, 'Choose an account')
    .optional(),
  sourceType: z.enum(journalSourceTypes).optional(),
  ...pageFields(200),
});
export type ListJournalQuery = z.infer<typeof listJournalQuery>;
export type JournalPage = { entries: JournalEntry[]; total: number; page: number; pageSize: number };

/** Balances up to and including a date (all time when absent). */
export const balancesQuery = z.strictObject({ to: isoDate.optional(), from: isoDate.optional() });
export type BalancesQuery = z.infer<typeof balancesQuery>;

export type AccountBalance = LedgerAccount & {
  debitPence: number;
  creditPence: number;
  /** Debit minus credit: positive for assets and expenses in the normal way, negative for the rest. */
  balancePence: number;
};
export type TrialBalance = { accounts: AccountBalance[]; totalDebitPence: number; totalCreditPence: number };
