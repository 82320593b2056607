import {
  AppError,
  createExpenseCategoryInput,
  type ExpenseCategory,
  type ExpenseCategoryList,
  updateExpenseCategoryInput,
} from '@app/shared';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { businessSettings, expenseCategory } from '../../db/schema.ts';
import { parseInput, uuidPattern } from '../../lib/validation.ts';
import { type Actor, type InputRequest, type RowInputRequest, requireRole } from '../auth/actor.ts';
import { accountCodesFrom, addOwnAccount, renameOwnAccount } from '../ledger/ledger.service.ts';
import { auditExpense } from './expense-audit.ts';

// The categories expenses are filed under, each with an expense account of its own in the ledger.

type CategoryRecord = typeof expenseCategory.$inferSelect;

/** Serialises the creation of categories, so two at once never pick the same account code. */
const CATEGORY_LOCK = 6_0001;

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

export async function listExpenseCategories(db: Db, { actor }: { actor: Actor | null }): Promise<ExpenseCategoryList> {
  requireRole(actor, 'admin');
  const rows = await db
    .select()
    .from(expenseCategory)
    .orderBy(asc(expenseCategory.sortOrder), asc(expenseCategory.name));
  return { categories: rows.map(categoryView), vat: await vatSettings(db) };
}

async function refuseTakenName(tx: DbOrTx, { name, exceptId }: { name: string; exceptId?: string }) {
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
export async function createExpenseCategory(db: Db, { actor, input }: InputRequest): Promise<ExpenseCategory> {
  const admin = requireRole(actor, 'admin');
  const data = parseInput(createExpenseCategoryInput, input);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CATEGORY_LOCK})`);
    await refuseTakenName(tx, { name: data.name });
    const code = nextExpenseAccountCode(await accountCodesFrom(tx, { prefix: '5' }));
    await addOwnAccount(tx, { code, name: data.name, kind: 'expense' });
    const [last] = await tx
      .select({ sortOrder: sql<number>`coalesce(max(${expenseCategory.sortOrder}), -1)::int` })
      .from(expenseCategory);
    const [row] = await tx
      .insert(expenseCategory)
      .values({ name: data.name, accountCode: code, sortOrder: data.sortOrder ?? Number(last?.sortOrder ?? -1) + 1 })
      .returning();
    if (!row) throw new Error('expense category insert returned no row');
    await auditExpense(tx, {
      admin,
      action: 'expense_category.create',
      id: row.id,
      before: null,
      after: categoryView(row),
    });
    return categoryView(row);
  });
}

/** Rename (its account follows), retire or reorder a category; expenses already filed keep it. */
export async function updateExpenseCategory(db: Db, { actor, id, input }: RowInputRequest): Promise<ExpenseCategory> {
  const admin = requireRole(actor, 'admin');
  const changes = parseInput(updateExpenseCategoryInput, input);
  return db.transaction(async (tx) => {
    const [before] = uuidPattern.test(id)
      ? await tx.select().from(expenseCategory).where(eq(expenseCategory.id, id)).for('update')
      : [];
    if (!before) throw new AppError('NOT_FOUND', 'No such expense category.');
    if (changes.name !== undefined && changes.name !== before.name) {
      await refuseTakenName(tx, { name: changes.name, exceptId: id });
      await renameOwnAccount(tx, { code: before.accountCode, name: changes.name });
    }
    const [after] = await tx
      .update(expenseCategory)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(expenseCategory.id, id))
      .returning();
    if (!after) throw new Error('expense category update returned no row');
    await auditExpense(tx, {
      admin,
      action: 'expense_category.update',
      id: id,
      before: categoryView(before),
      after: categoryView(after),
    });
    return categoryView(after);
  });
}
