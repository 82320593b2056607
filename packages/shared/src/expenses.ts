import { z } from 'zod';
import { isoDateField, isoDateTimeField, pageFields } from './fields.ts';
import { labelledValues } from './labelled.ts';

/** How an expense was paid; 'owner' is the owner's own money, which the business then owes back. */
export const [expensePaymentMethods, expensePaymentMethodLabels] = labelledValues({
  cash: 'Cash',
  card: 'Card',
  bank_transfer: 'Bank transfer',
  owner: 'Paid personally',
});
export const expensePaymentMethodSchema = z.enum(expensePaymentMethods, { message: 'Choose how it was paid' });
export type ExpensePaymentMethod = z.infer<typeof expensePaymentMethodSchema>;

/** The largest single expense accepted: £1,000,000, far above anything real, well inside an integer. */
export const EXPENSE_MAX_PENCE = 100_000_000;
/** A bank statement CSV is read whole in the browser and sent as text. */
export const EXPENSE_IMPORT_MAX_CSV_CHARS = 1_000_000;
export const EXPENSE_IMPORT_MAX_ROWS = 2000;

const expenseDate = isoDateField('Enter a date such as 2026-04-30');
const expenseUuid = (message: string) => z.uuid({ message });

/** The fields of an expense as the owner types them: the form and the API parse the same schema. */
export const expenseFields = z.strictObject({
  date: expenseDate,
  supplier: z.string().trim().min(1, 'Enter the supplier').max(200, 'Keep the supplier under 200 characters'),
  categoryId: expenseUuid('Choose a category'),
  /** What was paid, VAT included. */
  amountPence: z
    .number({ message: 'Enter the amount paid' })
    .int('Enter the amount in pence')
    .min(1, 'Enter an amount above zero')
    .max(EXPENSE_MAX_PENCE, 'That amount is too large'),
  vatPence: z
    .number({ message: 'Enter the VAT (0 if none)' })
    .int('Enter the VAT in pence')
    .min(0, 'VAT cannot be negative')
    .max(EXPENSE_MAX_PENCE, 'That VAT is too large'),
  paymentMethod: expensePaymentMethodSchema,
  notes: z.string().trim().max(2000, 'Keep the notes under 2000 characters'),
});

const vatWithinAmount = (value: { amountPence?: number | undefined; vatPence?: number | undefined }) =>
  value.amountPence === undefined || value.vatPence === undefined || value.vatPence <= value.amountPence;
const vatWithinAmountIssue = { message: 'VAT cannot be more than the amount paid', path: ['vatPence'] };

export const createExpenseInput = expenseFields
  .extend({ vatPence: expenseFields.shape.vatPence.default(0), notes: expenseFields.shape.notes.default('') })
  .refine(vatWithinAmount, vatWithinAmountIssue);
export type CreateExpenseInput = z.infer<typeof createExpenseInput>;

/**
 * Any subset of the fields (none defaulted, so an absent field stays as it is); `updatedAt` (as last
 * read) refuses an edit made over someone else's.
 */
export const updateExpenseInput = expenseFields
  .partial()
  .extend({ updatedAt: isoDateTimeField().optional() })
  .refine(vatWithinAmount, vatWithinAmountIssue);
export type UpdateExpenseInput = z.infer<typeof updateExpenseInput>;

export const listExpensesQuery = z.object({
  from: expenseDate.optional(),
  to: expenseDate.optional(),
  categoryId: expenseUuid('Choose a category').optional(),
  supplier: z.string().trim().max(100).optional(),
  ...pageFields(200),
});
export type ListExpensesQuery = z.infer<typeof listExpensesQuery>;

export type ExpenseCategory = {
  id: string;
  name: string;
  accountCode: string;
  active: boolean;
  sortOrder: number;
};

const categoryName = z
  .string()
  .trim()
  .min(1, 'Enter a name')
  .max(60, 'Keep the name under 60 characters')
  .refine((name) => !/[\r\n]/.test(name), 'Use one line');
export const createExpenseCategoryInput = z.strictObject({
  name: categoryName,
  sortOrder: z.number().int().min(0).max(10_000).optional(),
});
export type CreateExpenseCategoryInput = z.infer<typeof createExpenseCategoryInput>;
export const updateExpenseCategoryInput = z.strictObject({
  name: categoryName.optional(),
  active: z.boolean().optional(),
  sortOrder: z.number().int().min(0).max(10_000).optional(),
});
export type UpdateExpenseCategoryInput = z.infer<typeof updateExpenseCategoryInput>;

/** Categories with what the expense form needs to suggest VAT: reclaimable only when VAT registered. */
export type ExpenseCategoryList = {
  categories: ExpenseCategory[];
  vat: { registered: boolean; rateBp: number };
};

export type ExpenseRow = {
  id: string;
  date: string;
  supplier: string;
  categoryId: string;
  categoryName: string;
  amountPence: number;
  vatPence: number;
  netPence: number;
  paymentMethod: ExpensePaymentMethod;
  notes: string;
  receiptCount: number;
  imported: boolean;
};

export type ExpenseTotals = { count: number; amountPence: number; vatPence: number; netPence: number };
export type ExpenseCategoryTotal = ExpenseTotals & { categoryId: string; name: string };

/** A page of expenses; the totals cover every expense the filter matches, not just the page. */
export type ExpenseList = {
  expenses: ExpenseRow[];
  total: number;
  page: number;
  pageSize: number;
  totals: ExpenseTotals;
  byCategory: ExpenseCategoryTotal[];
};

export type ExpenseReceipt = {
  fileId: string;
  filename: string;
  contentType: string;
  size: number;
  createdAt: string;
};

export type ExpenseDetail = ExpenseRow & {
  journalEntryId: string | null;
  createdAt: string;
  updatedAt: string;
  receipts: ExpenseReceipt[];
};

// ---- Bank statement import ----

export const expenseImportPreviewInput = z.strictObject({
  csv: z
    .string({ message: 'Choose a CSV file' })
    .min(1, 'The file is empty')
    .max(EXPENSE_IMPORT_MAX_CSV_CHARS, 'The file is too large: export a shorter period (1 MB at most)'),
});
export type ExpenseImportPreviewInput = z.infer<typeof expenseImportPreviewInput>;

/** One money-out line of a statement, ready to become an expense. */
export type ExpenseImportCandidate = {
  /** The line of the file it came from (1 = the first line). */
  line: number;
  date: string;
  supplier: string;
  amountPence: number;
  importKey: string;
  suggestedCategoryId: string;
  /** Already recorded: imported before, or an expense of the same date, amount and supplier exists. */
  duplicate: boolean;
  duplicateReason: 'imported' | 'same_expense' | null;
};

export type ExpenseImportPreview = {
  /** The columns the file was read by, e.g. "Date, Description, Amount". */
  format: string;
  candidates: ExpenseImportCandidate[];
  /** Money-in lines are not expenses; lines that could not be read are listed with the reason. */
  moneyInLines: number;
  unreadable: { line: number; reason: string }[];
};

export const expenseImportRow = z.strictObject({
  date: expenseDate,
  supplier: expenseFields.shape.supplier,
  amountPence: expenseFields.shape.amountPence,
  vatPence: z.number().int().min(0).max(EXPENSE_MAX_PENCE).default(0),
  categoryId: expenseUuid('Choose a category for every line'),
  paymentMethod: expensePaymentMethodSchema.default('bank_transfer'),
  importKey: z.string().regex(/^[0-9a-f]{64}$/, 'The import key is not valid: preview the file again'),
});
export type ExpenseImportRow = z.infer<typeof expenseImportRow>;

export const expenseImportInput = z.strictObject({
  rows: z
    .array(expenseImportRow.refine(vatWithinAmount, vatWithinAmountIssue))
    .min(1, 'Tick at least one line to import')
    .max(EXPENSE_IMPORT_MAX_ROWS, `Import at most ${EXPENSE_IMPORT_MAX_ROWS} lines at a time`),
});
export type ExpenseImportInput = z.infer<typeof expenseImportInput>;

export type ExpenseImportResult = { created: number; skippedDuplicates: number; skippedImportKeys: string[] };
