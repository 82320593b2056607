// Schemas and types of finances: reports computed from the ledger. Amounts are whole pence.
import { z } from 'zod';
import { periodFields, periodRule } from './fields.ts';

/** The longest period a report covers: ten years, so a mistyped year cannot ask for a century. */
export const MAX_REPORT_YEARS = 10;

export const reportFormats = ['json', 'csv'] as const;
export type ReportFormat = (typeof reportFormats)[number];

export const pnlGranularities = ['month', 'quarter', 'year'] as const;
export type PnlGranularity = (typeof pnlGranularities)[number];

const period = z.strictObject({ ...periodFields, format: z.enum(reportFormats).default('json') });

const checkRange = periodRule(MAX_REPORT_YEARS, `A report covers at most ${MAX_REPORT_YEARS} years`);

export const profitAndLossQuery = period
  .extend({ granularity: z.enum(pnlGranularities).default('month') })
  .superRefine(checkRange);
export type ProfitAndLossQuery = z.input<typeof profitAndLossQuery>;

export const vatReportQuery = period.superRefine(checkRange);
export type VatReportQuery = z.input<typeof vatReportQuery>;

export const cashReportQuery = period.superRefine(checkRange);
export type CashReportQuery = z.input<typeof cashReportQuery>;

export const yearEndQuery = z.strictObject({
  year: z.coerce.number().int().min(2000, 'Choose a year from 2000').max(2100, 'Choose a year up to 2100'),
  /** The month the financial year starts in: 1 for a calendar year, 4 for one starting in April. */
  yearStartMonth: z.coerce.number().int().min(1).max(12).default(1),
  format: z.enum(reportFormats).default('json'),
});
export type YearEndQuery = z.input<typeof yearEndQuery>;

export type IncomeByStyle = { therapeutic: number; sensual: number; other: number };
export type IncomeByType = { style: 'therapeutic' | 'sensual' | null; serviceType: string | null; pence: number };
export type ExpenseByCategory = { accountCode: string; name: string; pence: number };

/** One column of the profit and loss: a month, quarter or year clipped to the report's dates, or the totals. */
export type PnlColumn = {
  label: string;
  start: string;
  end: string;
  income: { total: number; byStyle: IncomeByStyle; byType: IncomeByType[] };
  expenses: { total: number; byCategory: ExpenseByCategory[] };
  net: number;
};

export type ProfitAndLoss = {
  from: string;
  to: string;
  granularity: PnlGranularity;
  /** Every period of the range in order, empty ones included; all list the same types and categories. */
  periods: PnlColumn[];
  totals: PnlColumn;
};

/** The boxes of an HMRC VAT return that the business's ledger can fill (2, 8 and 9 are EU trade: zero). */
export type VatBoxes = {
  box1: number;
  box2: number;
  box3: number;
  box4: number;
  box5: number;
  box6: number;
  box7: number;
};

export type VatReport = {
  from: string;
  to: string;
  vatRegistered: boolean;
  vatNumber: string;
  /** VAT charged on sales, less VAT given back on refunds and credit notes. */
  outputVat: number;
  /** VAT paid on expenses that can be reclaimed. */
  inputVat: number;
  /** Output less input: positive is owed to HMRC, negative is a repayment. */
  netDue: number;
  /** VAT posted by entries that are neither sales nor expenses (manual corrections); not in the boxes. */
  otherVatMovements: number;
  boxes: VatBoxes;
};

export const cashAccountCodes = ['1000', '1010', '1020'] as const;

export type CashAccountRow = {
  accountCode: string;
  name: string;
  opening: number;
  moneyIn: number;
  moneyOut: number;
  closing: number;
};

export type CashReport = {
  from: string;
  to: string;
  accounts: CashAccountRow[];
  total: Omit<CashAccountRow, 'accountCode' | 'name'>;
  /** What clients owe on issued invoices at the end of the period. */
  receivablesOutstanding: number;
};

export type YearEndSummary = {
  year: number;
  yearStartMonth: number;
  label: string;
  from: string;
  to: string;
  income: { total: number; byStyle: IncomeByStyle };
  expenses: { total: number; byCategory: ExpenseByCategory[] };
  netProfit: number;
  /** The VAT account's balance on the last day: owed to HMRC when positive. */
  vatOwed: number;
  receivables: number;
  cash: { accounts: { accountCode: string; name: string; balance: number }[]; total: number };
  /** Money the owner put in (positive) or took out (negative) during the year. */
  ownerEquityMovement: number;
  bookingsCompleted: number;
};
