import { randomUUID } from 'node:crypto';
import {
  AppError,
  EXPENSE_IMPORT_MAX_ROWS,
  type ExpenseImportCandidate,
  type ExpenseImportPreview,
  type ExpenseImportResult,
  expenseImportInput,
  expenseImportPreviewInput,
} from '@app/shared';
import { and, asc, desc, gte, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog, expense, expenseCategory } from '../../db/schema.ts';
import { parseInput } from '../../lib/validation.ts';
import { type InputRequest, requireRole } from '../auth/actor.ts';
import {
  importKeyOf,
  keywordCategoryName,
  normaliseDescription,
  parseBankStatement,
  type StatementLine,
} from './bank-statement.ts';
import { vatSettings } from './expense-categories.service.ts';
import { type ExpenseDeps, latestExpenseDate, postExpenseEntry } from './expenses.service.ts';

/** One import at a time: two at once could both decide a line is new and record it twice. */
const IMPORT_LOCK = 6_0002;

/** Supplier names compared the way the statement's descriptions are: case and spacing do not matter. */
const normalisedSupplier = sql<string>`lower(regexp_replace(btrim(${expense.supplier}), '\\s+', ' ', 'g'))`;
const sameExpenseKey = (date: string, amountPence: number, supplier: string) =>
  `${date}|${amountPence}|${normaliseDescription(supplier)}`;

async function existingImportKeys(tx: DbOrTx, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await tx
    .select({ key: expense.importKey })
    .from(expense)
    .where(and(inArray(expense.importKey, keys), isNull(expense.deletedAt)));
  return new Set(rows.map((row) => row.key ?? ''));
}

/**
 * The category to suggest for each supplier: the one last used for it, if still in use; otherwise a
 * keyword rule on the description; otherwise Other.
 */
async function categorySuggester(tx: DbOrTx, suppliers: string[]) {
  const categories = await tx
    .select()
    .from(expenseCategory)
    .orderBy(asc(expenseCategory.sortOrder), asc(expenseCategory.name));
  const active = categories.filter((category) => category.active);
  const activeIds = new Set(active.map((category) => category.id));
  const byName = new Map(active.map((category) => [category.name.toLowerCase(), category.id]));
  const other =
    byName.get('other') ??
    byName.get('other expenses') ??
    active.find((category) => category.accountCode === '5090')?.id ??
    active.at(-1)?.id;
  if (!other) throw new AppError('VALIDATION', 'Add an expense category before importing a statement.');

  const lastUsed = new Map<string, string>();
  const names = [...new Set(suppliers.map(normaliseDescription))];
  if (names.length) {
    const rows = await tx
      .select({ supplier: normalisedSupplier, categoryId: expense.categoryId })
      .from(expense)
      .where(and(isNull(expense.deletedAt), inArray(normalisedSupplier, names)))
      .orderBy(desc(expense.date), desc(expense.createdAt));
    for (const row of rows)
      if (!lastUsed.has(row.supplier) && activeIds.has(row.categoryId)) lastUsed.set(row.supplier, row.categoryId);
  }
  return (supplier: string): string => {
    const used = lastUsed.get(normaliseDescription(supplier));
    if (used) return used;
    const keyword = keywordCategoryName(supplier);
    return (keyword && byName.get(keyword)) || other;
  };
}

async function sameExpenses(tx: DbOrTx, lines: { date: string }[]): Promise<Set<string>> {
  if (lines.length === 0) return new Set();
  const dates = lines.map((line) => line.date).sort();
  const conditions: SQL[] = [isNull(expense.deletedAt)];
  conditions.push(gte(expense.date, dates[0] ?? ''), lte(expense.date, dates.at(-1) ?? ''));
  const rows = await tx
    .select({ date: expense.date, amountPence: expense.amountPence, supplier: expense.supplier })
    .from(expense)
    .where(and(...conditions));
  return new Set(rows.map((row) => sameExpenseKey(row.date, row.amountPence, row.supplier)));
}

/** Reads a statement and proposes its money-out lines as expenses, flagging those already recorded. */
export async function previewExpenseImport(
  deps: ExpenseDeps,
  { actor, input }: InputRequest,
): Promise<ExpenseImportPreview> {
  requireRole(actor, 'admin');
  const { csv } = parseInput(expenseImportPreviewInput, input);
  const statement = parseBankStatement(csv);
  const moneyOut = statement.lines.filter((line) => line.outPence > 0);
  if (moneyOut.length > EXPENSE_IMPORT_MAX_ROWS)
    throw new AppError(
      'VALIDATION',
      `This statement has ${moneyOut.length} payments out; import at most ${EXPENSE_IMPORT_MAX_ROWS} at a time (export a shorter period).`,
    );
  if (statement.lines.length === 0 && statement.unreadable.length === 0)
    throw new AppError('VALIDATION', 'The file has a header row but no transactions.');

  const occurrences = new Map<string, number>();
  const keyed = moneyOut.map((line: StatementLine) => {
    const base = sameExpenseKey(line.date, line.outPence, line.description);
    const occurrence = (occurrences.get(base) ?? 0) + 1;
    occurrences.set(base, occurrence);
    return { ...line, importKey: importKeyOf(line.date, line.outPence, line.description, occurrence) };
  });
  const { db } = deps;
  const [imported, same, suggest] = await Promise.all([
    existingImportKeys(
      db,
      keyed.map((line) => line.importKey),
    ),
    sameExpenses(db, keyed),
    categorySuggester(
      db,
      keyed.map((line) => line.description),
    ),
  ]);
  const candidates = keyed.map((line): ExpenseImportCandidate => {
    const duplicateReason = imported.has(line.importKey)
      ? 'imported'
      : same.has(sameExpenseKey(line.date, line.outPence, line.description))
        ? 'same_expense'
        : null;
    return {
      line: line.line,
      date: line.date,
      supplier: line.description.slice(0, 200),
      amountPence: line.outPence,
      importKey: line.importKey,
      suggestedCategoryId: suggest(line.description),
      duplicate: duplicateReason !== null,
      duplicateReason,
    };
  });
  return {
    format: statement.format,
    candidates,
    moneyInLines: statement.lines.length - moneyOut.length,
    unreadable: statement.unreadable,
  };
}

/**
 * Records the chosen lines as expenses, each with its ledger entry, in one transaction: all of them or
 * none. A line whose import key is already recorded (or repeated in the request) is skipped and reported.
 */
export async function importExpenses(deps: ExpenseDeps, { actor, input }: InputRequest): Promise<ExpenseImportResult> {
  const admin = requireRole(actor, 'admin');
  const { rows } = parseInput(expenseImportInput, input);
  const latest = latestExpenseDate(deps);
  rows.forEach((row, index) => {
    if (row.date > latest) throw new AppError('VALIDATION', `rows.${index}.date: The date cannot be in the future`);
  });
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`);
    const categoryIds = [...new Set(rows.map((row) => row.categoryId))];
    const categories = await tx.select().from(expenseCategory).where(inArray(expenseCategory.id, categoryIds));
    const categoryById = new Map(categories.map((category) => [category.id, category]));
    rows.forEach((row, index) => {
      const category = categoryById.get(row.categoryId);
      if (!category) throw new AppError('VALIDATION', `rows.${index}.categoryId: Choose a category`);
      if (!category.active)
        throw new AppError(
          'VALIDATION',
          `rows.${index}.categoryId: The category “${category.name}” is no longer in use`,
        );
    });
    const seen = await existingImportKeys(
      tx,
      rows.map((row) => row.importKey),
    );
    const { registered } = await vatSettings(tx);
    const skippedImportKeys: string[] = [];
    const values: (typeof expense.$inferInsert)[] = [];
    for (const row of rows) {
      if (seen.has(row.importKey)) {
        skippedImportKeys.push(row.importKey);
        continue;
      }
      seen.add(row.importKey);
      const id = randomUUID();
      const accountCode = categoryById.get(row.categoryId)?.accountCode ?? '';
      const entry = await postExpenseEntry(tx, {
        row: { id, ...row },
        accountCode,
        vatRegistered: registered,
        createdBy: admin.id,
      });
      values.push({ id, ...row, journalEntryId: entry.id, createdBy: admin.id });
    }
    if (values.length) await tx.insert(expense).values(values);
    // One audit row per expense, written in one statement: an import may hold 2000 of them.
    if (values.length)
      await tx.insert(auditLog).values(
        values.map((value) => ({
          actorId: admin.id,
          actorEmail: admin.email,
          action: 'expense.import',
          entityType: 'expense',
          entityId: value.id ?? '',
          before: null,
          after: {
            date: value.date,
            supplier: value.supplier,
            categoryId: value.categoryId,
            amountPence: value.amountPence,
            vatPence: value.vatPence,
            paymentMethod: value.paymentMethod,
            importKey: value.importKey,
            journalEntryId: value.journalEntryId,
          },
        })),
      );
    return { created: values.length, skippedDuplicates: skippedImportKeys.length, skippedImportKeys };
  });
}
