import { randomUUID } from 'node:crypto';
import {
  AppError,
  createExpenseInput,
  type ExpenseCategoryTotal,
  type ExpenseDetail,
  type ExpenseList,
  type ExpenseRow,
  listExpensesQuery,
  updateExpenseInput,
} from '@app/shared';
import { and, asc, desc, eq, gte, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { expense, expenseCategory, expenseReceipt, storedFile } from '../../db/schema.ts';
import { containsPattern, parseInput, uuidPattern } from '../../lib/validation.ts';
import { localDateOf } from '../../lib/zoned-time.ts';
import {
  type InputRequest,
  type QueryRequest,
  type RowInputRequest,
  type RowRequest,
  requireRole,
} from '../auth/actor.ts';
import { postJournalEntry, reverseJournalEntry } from '../ledger/ledger.service.ts';
import { expenseEntry } from '../ledger/postings.ts';
import { auditExpenseChange } from './expense-audit.ts';
import { vatSettings } from './expense-categories.service.ts';

/** What the expense services need beyond the caller: the database and the business's calendar. */
export type ExpenseDeps = { db: Db; timeZone: string; now?: () => number };

type ExpenseRecord = typeof expense.$inferSelect;
type CategoryRecord = typeof expenseCategory.$inferSelect;

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A receipt may be entered a day ahead (a time zone apart); anything later is a typing mistake. */
export function latestExpenseDate(deps: ExpenseDeps): string {
  return addDays(localDateOf(deps.now?.() ?? Date.now(), deps.timeZone), 1);
}

export function refuseFutureDate(deps: ExpenseDeps, { date, field = 'date' }: { date: string; field?: string }) {
  if (date > latestExpenseDate(deps)) throw new AppError('VALIDATION', `${field}: The date cannot be in the future`);
}

/** The category an expense is filed under; a retired one may be kept but not chosen anew. */
async function usableCategory(
  tx: DbOrTx,
  { categoryId, current }: { categoryId: string; current?: string },
): Promise<CategoryRecord> {
  const [category] = await tx.select().from(expenseCategory).where(eq(expenseCategory.id, categoryId));
  if (!category) throw new AppError('VALIDATION', 'categoryId: Choose a category');
  if (!category.active && category.id !== current)
    throw new AppError('VALIDATION', `categoryId: The category “${category.name}” is no longer in use`);
  return category;
}

type MoneyFields = Pick<ExpenseRecord, 'id' | 'date' | 'supplier' | 'amountPence' | 'vatPence' | 'paymentMethod'>;

/**
 * Posts the ledger entry of an expense. Input VAT is reclaimable only when the business is VAT
 * registered; otherwise the whole amount is the cost, though the row keeps the VAT the receipt shows.
 */
export async function postExpenseEntry(
  tx: DbOrTx,
  {
    row,
    accountCode,
    vatRegistered,
    createdBy,
  }: { row: MoneyFields; accountCode: string; vatRegistered: boolean; createdBy: string },
) {
  const entry = expenseEntry({
    expenseId: row.id,
    date: row.date,
    description: `Expense: ${row.supplier}`,
    expenseAccountCode: accountCode,
    amountPence: row.amountPence,
    vatPence: vatRegistered ? row.vatPence : 0,
    method: row.paymentMethod,
  });
  return postJournalEntry(tx, { draft: entry, createdBy });
}

export async function createExpense(deps: ExpenseDeps, { actor, input }: InputRequest): Promise<ExpenseDetail> {
  const admin = requireRole(actor, 'admin');
  const data = parseInput(createExpenseInput, input);
  refuseFutureDate(deps, { date: data.date });
  const id = await deps.db.transaction(async (tx) => {
    const category = await usableCategory(tx, { categoryId: data.categoryId });
    const { registered } = await vatSettings(tx);
    const id = randomUUID();
    const entry = await postExpenseEntry(tx, {
      row: { id, ...data },
      accountCode: category.accountCode,
      vatRegistered: registered,
      createdBy: admin.id,
    });
    const [row] = await tx
      .insert(expense)
      .values({ id, ...data, journalEntryId: entry.id, createdBy: admin.id })
      .returning();
    if (!row) throw new Error('expense insert returned no row');
    await auditExpenseChange(tx, { admin, action: 'expense.create', id, before: null, after: row });
    return id;
  });
  return expenseDetail(deps.db, { id });
}

async function lockedExpense(tx: DbOrTx, { id }: { id: string }): Promise<ExpenseRecord> {
  const [row] = uuidPattern.test(id)
    ? await tx
        .select()
        .from(expense)
        .where(and(eq(expense.id, id), isNull(expense.deletedAt)))
        .for('update')
    : [];
  if (!row) throw new AppError('NOT_FOUND', 'No such expense.');
  return row;
}

async function entryDate(tx: DbOrTx, { entryId }: { entryId: string }): Promise<string> {
  const result = await tx.execute(sql`select date::text as date from journal_entry where id = ${entryId}`);
  const [found] = (result as unknown as { rows: { date: string }[] }).rows;
  if (!found) throw new Error(`no journal entry ${entryId}`);
  return found.date;
}

/** Cancels the entry that stood for an expense, on that entry's own date. */
async function reverseExpenseEntry(
  tx: DbOrTx,
  { before, reason, createdBy }: { before: ExpenseRecord; reason: string; createdBy: string },
) {
  if (!before.journalEntryId) return;
  await reverseJournalEntry(tx, {
    entryId: before.journalEntryId,
    date: await entryDate(tx, { entryId: before.journalEntryId }),
    reason,
    createdBy,
  });
}

const moneyFields = ['date', 'amountPence', 'vatPence', 'categoryId', 'paymentMethod'] as const;

/**
 * Changes an expense. A change to what the ledger records (date, amounts, category, method) reverses
 * the entry that stood for it, on that entry's own date, and posts a new one; notes and supplier alone do not.
 */
export async function updateExpense(deps: ExpenseDeps, { actor, id, input }: RowInputRequest): Promise<ExpenseDetail> {
  const admin = requireRole(actor, 'admin');
  const { updatedAt, ...changes } = parseInput(updateExpenseInput, input);
  if (changes.date) refuseFutureDate(deps, { date: changes.date });
  await deps.db.transaction(async (tx) => {
    const before = await lockedExpense(tx, { id });
    if (updatedAt && new Date(updatedAt).getTime() !== before.updatedAt.getTime())
      throw new AppError('CONFLICT', 'This expense was changed meanwhile: reload it and make your change again.');
    const next = { ...before, ...changes };
    if (next.vatPence > next.amountPence)
      throw new AppError('VALIDATION', 'vatPence: VAT cannot be more than the amount paid');
    const category = await usableCategory(tx, { categoryId: next.categoryId, current: before.categoryId });
    const moneyChanged = moneyFields.some((field) => next[field] !== before[field]);
    let journalEntryId = before.journalEntryId;
    if (moneyChanged) {
      await reverseExpenseEntry(tx, { before, reason: 'expense edited', createdBy: admin.id });
      const { registered } = await vatSettings(tx);
      journalEntryId = (
        await postExpenseEntry(tx, {
          row: next,
          accountCode: category.accountCode,
          vatRegistered: registered,
          createdBy: admin.id,
        })
      ).id;
    }
    const [after] = await tx
      .update(expense)
      .set({ ...changes, journalEntryId })
      .where(eq(expense.id, id))
      .returning();
    if (!after) throw new Error('expense update returned no row');
    await auditExpenseChange(tx, { admin, action: 'expense.update', id, before, after });
  });
  return expenseDetail(deps.db, { id });
}

/** Deleted expenses stay in the table, reversed in the ledger on their entry's date, and leave every list. */
export async function deleteExpense(deps: ExpenseDeps, { actor, id }: RowRequest) {
  const admin = requireRole(actor, 'admin');
  await deps.db.transaction(async (tx) => {
    const before = await lockedExpense(tx, { id });
    await reverseExpenseEntry(tx, { before, reason: 'expense deleted', createdBy: admin.id });
    await tx.update(expense).set({ deletedAt: new Date() }).where(eq(expense.id, id));
    await auditExpenseChange(tx, { admin, action: 'expense.delete', id, before, after: null });
  });
  return { deleted: true as const };
}

const receiptCount = sql<number>`(select count(*)::int from ${expenseReceipt} where ${expenseReceipt.expenseId} = ${expense.id})`;

const rowColumns = {
  id: expense.id,
  date: expense.date,
  supplier: expense.supplier,
  categoryId: expense.categoryId,
  categoryName: expenseCategory.name,
  amountPence: expense.amountPence,
  vatPence: expense.vatPence,
  paymentMethod: expense.paymentMethod,
  notes: expense.notes,
  importKey: expense.importKey,
  receiptCount,
};

type RowRecord = Omit<ExpenseRow, 'netPence' | 'imported'> & { importKey: string | null };

function rowView({ importKey, ...row }: RowRecord): ExpenseRow {
  return {
    ...row,
    netPence: row.amountPence - row.vatPence,
    receiptCount: Number(row.receiptCount),
    imported: importKey !== null,
  };
}

/** A page of expenses, newest first, with totals over everything the filter matches. */
export async function listExpenses(db: Db, { actor, query }: QueryRequest): Promise<ExpenseList> {
  requireRole(actor, 'admin');
  const filters = parseInput(listExpensesQuery, query);
  const conditions: SQL[] = [isNull(expense.deletedAt)];
  if (filters.from) conditions.push(gte(expense.date, filters.from));
  if (filters.to) conditions.push(lte(expense.date, filters.to));
  if (filters.categoryId) conditions.push(eq(expense.categoryId, filters.categoryId));
  if (filters.supplier)
    conditions.push(sql`lower(${expense.supplier}) like ${containsPattern(filters.supplier.toLowerCase())}`);
  const where = and(...conditions);
  const [rows, sums] = await Promise.all([
    db
      .select(rowColumns)
      .from(expense)
      .innerJoin(expenseCategory, eq(expenseCategory.id, expense.categoryId))
      .where(where)
      .orderBy(desc(expense.date), desc(expense.createdAt), desc(expense.id))
      .limit(filters.pageSize)
      .offset((filters.page - 1) * filters.pageSize),
    db
      .select({
        categoryId: expense.categoryId,
        name: expenseCategory.name,
        sortOrder: expenseCategory.sortOrder,
        count: sql<number>`count(*)::int`,
        amountPence: sql<string>`sum(${expense.amountPence})`,
        vatPence: sql<string>`sum(${expense.vatPence})`,
      })
      .from(expense)
      .innerJoin(expenseCategory, eq(expenseCategory.id, expense.categoryId))
      .where(where)
      .groupBy(expense.categoryId, expenseCategory.name, expenseCategory.sortOrder),
  ]);
  const byCategory: ExpenseCategoryTotal[] = sums
    .map((sum) => {
      const amountPence = Number(sum.amountPence);
      const vatPence = Number(sum.vatPence);
      return {
        categoryId: sum.categoryId,
        name: sum.name,
        count: Number(sum.count),
        amountPence,
        vatPence,
        netPence: amountPence - vatPence,
      };
    })
    .sort((a, b) => b.amountPence - a.amountPence || a.name.localeCompare(b.name));
  const totals = byCategory.reduce(
    (sum, category) => ({
      count: sum.count + category.count,
      amountPence: sum.amountPence + category.amountPence,
      vatPence: sum.vatPence + category.vatPence,
      netPence: sum.netPence + category.netPence,
    }),
    { count: 0, amountPence: 0, vatPence: 0, netPence: 0 },
  );
  return {
    expenses: rows.map(rowView),
    total: totals.count,
    page: filters.page,
    pageSize: filters.pageSize,
    totals,
    byCategory,
  };
}

/** The name the receipt was uploaded with: the store prefixes each file's name with a UUID. */
export function receiptFilename(path: string): string {
  return path
    .slice(path.lastIndexOf('/') + 1)
    .replace(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-/i, '');
}

export async function expenseDetail(db: DbOrTx, { id }: { id: string }): Promise<ExpenseDetail> {
  const [row] = uuidPattern.test(id)
    ? await db
        .select({
          ...rowColumns,
          journalEntryId: expense.journalEntryId,
          createdAt: expense.createdAt,
          updatedAt: expense.updatedAt,
        })
        .from(expense)
        .innerJoin(expenseCategory, eq(expenseCategory.id, expense.categoryId))
        .where(and(eq(expense.id, id), isNull(expense.deletedAt)))
    : [];
  if (!row) throw new AppError('NOT_FOUND', 'No such expense.');
  const receipts = await db
    .select({
      fileId: storedFile.id,
      path: storedFile.path,
      contentType: storedFile.contentType,
      size: storedFile.size,
      createdAt: expenseReceipt.createdAt,
    })
    .from(expenseReceipt)
    .innerJoin(storedFile, eq(storedFile.id, expenseReceipt.fileId))
    .where(eq(expenseReceipt.expenseId, id))
    .orderBy(asc(expenseReceipt.createdAt));
  const { journalEntryId, createdAt, updatedAt, ...rest } = row;
  return {
    ...rowView(rest),
    journalEntryId,
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
    receipts: receipts.map((receipt) => ({
      fileId: receipt.fileId,
      filename: receiptFilename(receipt.path),
      contentType: receipt.contentType,
      size: receipt.size,
      createdAt: receipt.createdAt.toISOString(),
    })),
  };
}

export async function getExpense(db: Db, { actor, id }: RowRequest): Promise<ExpenseDetail> {
  requireRole(actor, 'admin');
  return expenseDetail(db, { id });
}
