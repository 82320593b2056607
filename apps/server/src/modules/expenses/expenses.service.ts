import { randomUUID } from 'node:crypto';
import {
  AppError,
  createExpenseCategoryInput,
  createExpenseInput,
  type ExpenseCategory,
  type ExpenseCategoryList,
  type ExpenseCategoryTotal,
  type ExpenseDetail,
  type ExpenseList,
  type ExpenseRow,
  listExpensesQuery,
  updateExpenseCategoryInput,
  updateExpenseInput,
} from '@app/shared';
import { and, asc, desc, eq, gte, isNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  businessSettings,
  expense,
  expenseCategory,
  expenseReceipt,
  ledgerAccount,
  storedFile,
} from '../../db/schema.ts';
import { containsPattern, parseInput } from '../../lib/validation.ts';
import { localDateOf } from '../../lib/zoned-time.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type Actor, requireRole } from '../auth/actor.ts';
import { postJournalEntry, reverseJournalEntry } from '../ledger/ledger.service.ts';
import { expenseEntry } from '../ledger/postings.ts';

/** What the expense services need beyond the caller: the database and the business's calendar. */
export type ExpenseDeps = { db: Db; timeZone: string; now?: () => number };

type ExpenseRecord = typeof expense.$inferSelect;
type CategoryRecord = typeof expenseCategory.$inferSelect;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Serialises the creation of categories, so two at once never pick the same account code. */
const CATEGORY_LOCK = 6_0001;

// ---- Categories ----

function categoryView(row: CategoryRecord): ExpenseCategory {
  return { id: row.id, name: row.name, accountCode: row.accountCode, active: row.active, sortOrder: row.sortOrder };
}

export async function vatSettings(db: DbOrTx): Promise<ExpenseCategoryList['vat']> {
  const [settings] = await db
    .select({ registered: businessSettings.vatRegistered, rateBp: businessSettings.vatRateBp })
    .from(businessSettings)
    .where(eq(businessSettings.id, 1));
  return { registered: settings?.registered ?? false, rateBp: settings?.rateBp ?? 0 };
}

export async function listExpenseCategories(db: Db, actor: Actor | null): Promise<ExpenseCategoryList> {
  requireRole(actor, 'admin');
  const rows = await db
    .select()
    .from(expenseCategory)
    .orderBy(asc(expenseCategory.sortOrder), asc(expenseCategory.name));
  return { categories: rows.map(categoryView), vat: await vatSettings(db) };
}

async function refuseTakenName(tx: DbOrTx, name: string, exceptId?: string) {
  const [taken] = await tx
    .select({ id: expenseCategory.id })
    .from(expenseCategory)
    .where(
      and(
        sql`lower(${expenseCategory.name}) = lower(${name})`,
        exceptId ? ne(expenseCategory.id, exceptId) : undefined,
      ),
    );
  if (taken) throw new AppError('CONFLICT', `There is already a category called “${name}”.`);
}

/** The expense accounts run 5000, 5010, …: a new one takes the next step after the highest, else any gap. */
export function nextExpenseAccountCode(used: string[]): string {
  const numbers = new Set(used.filter((code) => /^5\d{3}$/.test(code)).map(Number));
  const highest = Math.max(4990, ...numbers);
  const next = Math.floor(highest / 10) * 10 + 10;
  if (next <= 5990) return String(next);
  for (let code = 5000; code <= 5999; code++) if (!numbers.has(code)) return String(code);
  throw new AppError('CONFLICT', 'There is no free expense account code left (5000 to 5999).');
}

/** A new category gets its own expense account, so the ledger reports it separately from the start. */
export async function createExpenseCategory(db: Db, actor: Actor | null, input: unknown): Promise<ExpenseCategory> {
  const admin = requireRole(actor, 'admin');
  const data = parseInput(createExpenseCategoryInput, input);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CATEGORY_LOCK})`);
    await refuseTakenName(tx, data.name);
    const accounts = await tx
      .select({ code: ledgerAccount.code })
      .from(ledgerAccount)
      .where(sql`${ledgerAccount.code} like '5%'`);
    const code = nextExpenseAccountCode(accounts.map((account) => account.code));
    await tx.insert(ledgerAccount).values({ code, name: data.name, kind: 'expense', system: false });
    const [last] = await tx
      .select({ sortOrder: sql<number>`coalesce(max(${expenseCategory.sortOrder}), -1)::int` })
      .from(expenseCategory);
    const [row] = await tx
      .insert(expenseCategory)
      .values({ name: data.name, accountCode: code, sortOrder: data.sortOrder ?? Number(last?.sortOrder ?? -1) + 1 })
      .returning();
    if (!row) throw new Error('expense category insert returned no row');
    await recordAudit(tx, admin, 'expense_category.create', 'expense', row.id, null, categoryView(row));
    return categoryView(row);
  });
}

/** Rename (its account follows), retire or reorder a category; expenses already filed keep it. */
export async function updateExpenseCategory(
  db: Db,
  actor: Actor | null,
  id: string,
  input: unknown,
): Promise<ExpenseCategory> {
  const admin = requireRole(actor, 'admin');
  const changes = parseInput(updateExpenseCategoryInput, input);
  return db.transaction(async (tx) => {
    const [before] = uuidPattern.test(id)
      ? await tx.select().from(expenseCategory).where(eq(expenseCategory.id, id)).for('update')
      : [];
    if (!before) throw new AppError('NOT_FOUND', 'No such expense category.');
    if (changes.name !== undefined && changes.name !== before.name) {
      await refuseTakenName(tx, changes.name, id);
      await tx
        .update(ledgerAccount)
        .set({ name: changes.name })
        .where(and(eq(ledgerAccount.code, before.accountCode), eq(ledgerAccount.system, false)));
    }
    const [after] = await tx
      .update(expenseCategory)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(expenseCategory.id, id))
      .returning();
    if (!after) throw new Error('expense category update returned no row');
    await recordAudit(tx, admin, 'expense_category.update', 'expense', id, categoryView(before), categoryView(after));
    return categoryView(after);
  });
}

// ---- Expenses ----

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A receipt may be entered a day ahead (a time zone apart); anything later is a typing mistake. */
export function latestExpenseDate(deps: ExpenseDeps): string {
  return addDays(localDateOf(deps.now?.() ?? Date.now(), deps.timeZone), 1);
}

export function refuseFutureDate(deps: ExpenseDeps, date: string, field = 'date') {
  if (date > latestExpenseDate(deps)) throw new AppError('VALIDATION', `${field}: The date cannot be in the future`);
}

/** The category an expense is filed under; a retired one may be kept but not chosen anew. */
async function usableCategory(tx: DbOrTx, categoryId: string, current?: string): Promise<CategoryRecord> {
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
  row: MoneyFields,
  accountCode: string,
  vatRegistered: boolean,
  createdBy: string,
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

function auditView(row: ExpenseRecord) {
  return {
    date: row.date,
    supplier: row.supplier,
    categoryId: row.categoryId,
    amountPence: row.amountPence,
    vatPence: row.vatPence,
    paymentMethod: row.paymentMethod,
    notes: row.notes,
    journalEntryId: row.journalEntryId,
  };
}

export async function createExpense(deps: ExpenseDeps, actor: Actor | null, input: unknown): Promise<ExpenseDetail> {
  const admin = requireRole(actor, 'admin');
  const data = parseInput(createExpenseInput, input);
  refuseFutureDate(deps, data.date);
  const id = await deps.db.transaction(async (tx) => {
    const category = await usableCategory(tx, data.categoryId);
    const { registered } = await vatSettings(tx);
    const id = randomUUID();
    const entry = await postExpenseEntry(tx, { id, ...data }, category.accountCode, registered, admin.id);
    const [row] = await tx
      .insert(expense)
      .values({ id, ...data, journalEntryId: entry.id, createdBy: admin.id })
      .returning();
    if (!row) throw new Error('expense insert returned no row');
    await recordAudit(tx, admin, 'expense.create', 'expense', id, null, auditView(row));
    return id;
  });
  return expenseDetail(deps.db, id);
}

async function lockedExpense(tx: DbOrTx, id: string): Promise<ExpenseRecord> {
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

async function entryDate(tx: DbOrTx, entryId: string): Promise<string> {
  const result = await tx.execute(sql`select date::text as date from journal_entry where id = ${entryId}`);
  const [found] = (result as unknown as { rows: { date: string }[] }).rows;
  if (!found) throw new Error(`no journal entry ${entryId}`);
  return found.date;
}

const moneyFields = ['date', 'amountPence', 'vatPence', 'categoryId', 'paymentMethod'] as const;

/**
 * Changes an expense. A change to what the ledger records (date, amounts, category, method) reverses
 * the entry that stood for it, on that entry's own date, and posts a new one; notes and supplier alone do not.
 */
export async function updateExpense(
  deps: ExpenseDeps,
  actor: Actor | null,
  id: string,
  input: unknown,
): Promise<ExpenseDetail> {
  const admin = requireRole(actor, 'admin');
  const { updatedAt, ...changes } = parseInput(updateExpenseInput, input);
  if (changes.date) refuseFutureDate(deps, changes.date);
  await deps.db.transaction(async (tx) => {
    const before = await lockedExpense(tx, id);
    if (updatedAt && new Date(updatedAt).getTime() !== before.updatedAt.getTime())
      throw new AppError('CONFLICT', 'This expense was changed meanwhile: reload it and make your change again.');
    const next = { ...before, ...changes };
    if (next.vatPence > next.amountPence)
      throw new AppError('VALIDATION', 'vatPence: VAT cannot be more than the amount paid');
    const category = await usableCategory(tx, next.categoryId, before.categoryId);
    const moneyChanged = moneyFields.some((field) => next[field] !== before[field]);
    let journalEntryId = before.journalEntryId;
    if (moneyChanged) {
      if (before.journalEntryId)
        await reverseJournalEntry(tx, {
          entryId: before.journalEntryId,
          date: await entryDate(tx, before.journalEntryId),
          reason: 'expense edited',
          createdBy: admin.id,
        });
      const { registered } = await vatSettings(tx);
      journalEntryId = (await postExpenseEntry(tx, next, category.accountCode, registered, admin.id)).id;
    }
    const [after] = await tx
      .update(expense)
      .set({ ...changes, journalEntryId })
      .where(eq(expense.id, id))
      .returning();
    if (!after) throw new Error('expense update returned no row');
    await recordAudit(tx, admin, 'expense.update', 'expense', id, auditView(before), auditView(after));
  });
  return expenseDetail(deps.db, id);
}

/** Deleted expenses stay in the table, reversed in the ledger on their entry's date, and leave every list. */
export async function deleteExpense(deps: ExpenseDeps, actor: Actor | null, id: string) {
  const admin = requireRole(actor, 'admin');
  await deps.db.transaction(async (tx) => {
    const before = await lockedExpense(tx, id);
    if (before.journalEntryId)
      await reverseJournalEntry(tx, {
        entryId: before.journalEntryId,
        date: await entryDate(tx, before.journalEntryId),
        reason: 'expense deleted',
        createdBy: admin.id,
      });
    await tx.update(expense).set({ deletedAt: new Date() }).where(eq(expense.id, id));
    await recordAudit(tx, admin, 'expense.delete', 'expense', id, auditView(before), null);
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

type RowRecord = {
  id: string;
  date: string;
  supplier: string;
  categoryId: string;
  categoryName: string;
  amountPence: number;
  vatPence: number;
  paymentMethod: ExpenseRow['paymentMethod'];
  notes: string;
  importKey: string | null;
  receiptCount: number;
};

function rowView({ importKey, ...row }: RowRecord): ExpenseRow {
  return {
    ...row,
    netPence: row.amountPence - row.vatPence,
    receiptCount: Number(row.receiptCount),
    imported: importKey !== null,
  };
}

/** A page of expenses, newest first, with totals over everything the filter matches. */
export async function listExpenses(db: Db, actor: Actor | null, query: unknown): Promise<ExpenseList> {
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

export async function expenseDetail(db: DbOrTx, id: string): Promise<ExpenseDetail> {
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

export async function getExpense(db: Db, actor: Actor | null, id: string): Promise<ExpenseDetail> {
  requireRole(actor, 'admin');
  return expenseDetail(db, id);
}
