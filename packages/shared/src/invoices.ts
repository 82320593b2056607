// Schemas and types of invoices.
import { z } from 'zod';
import { isoDateField, openPeriodFields, pageFields } from './fields.ts';
import { labelledValues } from './labelled.ts';
import { vatOnNet } from './money.ts';
import { type paymentMethodSchema, recordPaymentInput, recordRefundInput } from './payments.ts';

export const [invoiceStatuses, invoiceStatusLabels] = labelledValues({
  draft: 'Draft',
  issued: 'Issued',
  part_paid: 'Part paid',
  paid: 'Paid',
  void: 'Void',
});
export const invoiceStatusSchema = z.enum(invoiceStatuses);
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;
export type InvoiceKind = 'invoice' | 'credit_note';
export type InvoiceSeries = 'INV' | 'CN';

/** 'INV-000042', 'CN-000003'; a draft has no number yet. */
export function invoiceLabel(series: string, number: number | null): string {
  return number === null ? 'Draft' : `${series}-${String(number).padStart(6, '0')}`;
}

export const ISSUED_INVOICE_IMMUTABLE = 'An issued invoice cannot be changed: issue a credit note instead.';

const isoDate = isoDateField();
const pence = z.number().int('Use whole pence').min(0, 'Enter an amount of zero or more').max(100_000_000);

/** A line as typed: the VAT rate may be given in percent (20) or in basis points (2000). */
export const invoiceLineInput = z
  .strictObject({
    description: z.string().trim().min(1, 'Describe the line').max(300),
    quantity: z.number().int('Use a whole quantity').min(1, 'The quantity is at least 1').max(10_000),
    unitPricePence: pence,
    vatRatePercent: z
      .number()
      .min(0, 'The VAT rate is 0 % to 100 %')
      .max(100, 'The VAT rate is 0 % to 100 %')
      .optional(),
    vatRateBp: z.number().int().min(0).max(10_000, 'The VAT rate is 0 % to 100 %').optional(),
    style: z.enum(['therapeutic', 'sensual']).nullable().optional(),
    serviceType: z.string().max(60).nullable().optional(),
  })
  .transform(({ vatRatePercent, vatRateBp, ...line }) => ({
    ...line,
    vatRateBp: vatRateBp ?? Math.round((vatRatePercent ?? 0) * 100),
  }));
export type InvoiceLineInput = z.input<typeof invoiceLineInput>;

const emailField = z.union([z.literal(''), z.email('Enter a valid email address')]).nullable();
const billTo = {
  clientId: z.string().trim().min(1).nullable().optional(),
  billToName: z.string().trim().min(1, 'Enter who the invoice is for').max(200),
  billToEmail: emailField.optional().transform((email) => email || null),
  billToAddress: z.string().trim().max(1000).default(''),
};

export const createInvoiceInput = z.strictObject({
  ...billTo,
  lines: z.array(invoiceLineInput).min(1, 'Add at least one line').max(100, 'At most 100 lines'),
  notes: z.string().trim().max(2000).default(''),
});
export type CreateInvoiceInput = z.input<typeof createInvoiceInput>;

/** A draft's edit: what is given replaces what was; lines are replaced as a whole. */
export const updateInvoiceInput = z.strictObject({
  clientId: billTo.clientId,
  billToName: billTo.billToName.optional(),
  /** '' or null clears it. */
  billToEmail: emailField.optional(),
  billToAddress: z.string().trim().max(1000).optional(),
  lines: z.array(invoiceLineInput).min(1, 'Add at least one line').max(100, 'At most 100 lines').optional(),
  notes: z.string().trim().max(2000).optional(),
});
export type UpdateInvoiceInput = z.input<typeof updateInvoiceInput>;

export const issueInvoiceInput = z.strictObject({ issueDate: isoDate.optional() });

/** An invoice is dated at most this many days back (a late invoice for last year's work), never ahead. */
export const INVOICE_ISSUE_MAX_DAYS_BACK = 365;

/**
 * The issue date rule: not after today and not more than a year before it, both in the
 * business time zone. Returns the problem, or null when the date is fine.
 */
export function issueDateProblem(issueDate: string, today: string): string | null {
  if (issueDate > today) return 'issueDate: An invoice cannot be dated in the future';
  const [year = 0, month = 1, day = 1] = today.split('-').map(Number);
  const earliest = new Date(Date.UTC(year, month - 1, day) - INVOICE_ISSUE_MAX_DAYS_BACK * 86_400_000)
    .toISOString()
    .slice(0, 10);
  if (issueDate < earliest)
    return `issueDate: An invoice cannot be dated more than ${INVOICE_ISSUE_MAX_DAYS_BACK} days back`;
  return null;
}
export type IssueInvoiceInput = z.infer<typeof issueInvoiceInput>;

export const invoicePaymentInput = recordPaymentInput;
export type InvoicePaymentInput = z.input<typeof invoicePaymentInput>;

export const creditNoteInput = z.strictObject({
  reason: z.string().trim().min(1, 'Say why the invoice is cancelled').max(500),
});
export type CreditNoteInput = z.infer<typeof creditNoteInput>;

export const invoiceRefundInput = recordRefundInput;
export type InvoiceRefundInput = z.input<typeof invoiceRefundInput>;

export const invoiceSettingsInput = z
  .strictObject({
    vatRegistered: z.boolean(),
    vatNumber: z.string().trim().max(30).default(''),
    vatRatePercent: z.number().min(0, 'The VAT rate is 0 % to 100 %').max(100, 'The VAT rate is 0 % to 100 %'),
    invoiceDueDays: z.number().int('Use whole days').min(0, 'Use 0 to 365 days').max(365, 'Use 0 to 365 days'),
    invoiceFooter: z.string().trim().max(2000).default(''),
  })
  .refine((settings) => !settings.vatRegistered || settings.vatNumber !== '', {
    message: 'Enter the VAT number of a VAT-registered business',
    path: ['vatNumber'],
  });
export type InvoiceSettingsInput = z.input<typeof invoiceSettingsInput>;
export type InvoiceSettings = z.infer<typeof invoiceSettingsInput>;

export const listInvoicesQuery = z.object({
  status: invoiceStatusSchema.optional(),
  ...openPeriodFields,
  q: z.string().trim().max(100).optional(),
  ...pageFields(200),
});
export type ListInvoicesQuery = z.infer<typeof listInvoicesQuery>;

/** The pure arithmetic of a line: net is quantity × unit price; VAT is charged on the net, rounded per line. */
export function priceLine(line: { quantity: number; unitPricePence: number; vatRateBp: number }) {
  const netPence = line.quantity * line.unitPricePence;
  return { netPence, vatPence: vatOnNet(netPence, line.vatRateBp) };
}

export function invoiceTotals(lines: { quantity: number; unitPricePence: number; vatRateBp: number }[]) {
  const priced = lines.map(priceLine);
  const subtotalPence = priced.reduce((sum, line) => sum + line.netPence, 0);
  const vatPence = priced.reduce((sum, line) => sum + line.vatPence, 0);
  return { subtotalPence, vatPence, totalPence: subtotalPence + vatPence };
}

/** VAT summed per rate, the way an invoice must show it. */
export function vatByRate(lines: { vatRateBp: number; netPence: number; vatPence: number }[]) {
  const byRate = new Map<number, { vatRateBp: number; netPence: number; vatPence: number }>();
  for (const line of lines) {
    const found = byRate.get(line.vatRateBp) ?? { vatRateBp: line.vatRateBp, netPence: 0, vatPence: 0 };
    found.netPence += line.netPence;
    found.vatPence += line.vatPence;
    byRate.set(line.vatRateBp, found);
  }
  return [...byRate.values()].sort((a, b) => b.vatRateBp - a.vatRateBp);
}

export function formatVatRate(rateBp: number): string {
  return `${Number((rateBp / 100).toFixed(2))} %`;
}

export type InvoiceLine = {
  id: string;
  position: number;
  description: string;
  quantity: number;
  unitPricePence: number;
  vatRateBp: number;
  netPence: number;
  vatPence: number;
  style: 'therapeutic' | 'sensual' | null;
  serviceType: string | null;
};

export type InvoiceSummary = {
  id: string;
  kind: InvoiceKind;
  series: string;
  number: number | null;
  label: string;
  status: InvoiceStatus;
  bookingId: string | null;
  clientId: string | null;
  billToName: string;
  billToEmail: string | null;
  billToAddress: string;
  issueDate: string | null;
  dueDate: string | null;
  subtotalPence: number;
  vatPence: number;
  totalPence: number;
  amountPaidPence: number;
  /** Paid back after a credit note. */
  refundedPence: number;
  /** What the client still owes (or, on a voided invoice, what is owed back to them as a negative figure). */
  outstandingPence: number;
  overdue: boolean;
  creditsInvoiceId: string | null;
  notes: string;
  issuedAt: string | null;
  createdAt: string;
};

export type InvoicePayment = {
  id: string;
  kind: 'payment' | 'refund';
  amountPence: number;
  method: z.infer<typeof paymentMethodSchema>;
  paidAt: string;
  note: string;
};

export type InvoiceDetail = InvoiceSummary & {
  lines: InvoiceLine[];
  payments: InvoicePayment[];
  /** For an invoice: the credit note that cancelled it. */
  creditNoteId: string | null;
  creditNoteLabel: string | null;
  /** For a credit note: the invoice it cancels. */
  creditedInvoiceLabel: string | null;
};

export type InvoiceList = {
  invoices: InvoiceSummary[];
  total: number;
  totals: { outstandingPence: number; overduePence: number };
};

export type BillableBooking = {
  id: string;
  clientName: string;
  clientEmail: string | null;
  serviceName: string;
  durationMinutes: number;
  pricePence: number;
  startsAt: string;
  status: 'confirmed' | 'completed';
  paidPence: number;
};
