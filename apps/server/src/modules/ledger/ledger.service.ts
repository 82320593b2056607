import {
  type AccountBalance,
  balancesQuery,
  type JournalEntry,
  type JournalPage,
  type LedgerAccount,
  listJournalQuery,
  type TrialBalance,
} from '@app/shared';
import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { businessSettings, journalEntry, journalLine, ledgerAccount } from '../../db/schema.ts';
import { countedPage } from '../../lib/counted-page.ts';
import { parseInput } from '../../lib/validation.ts';
import { type Actor, requireRole } from '../auth/actor.ts';
import { dayOpenForPosting, recordMovedEntry } from '../vat-returns/vat-period-lock.ts';
import { type EntryDraft, isBalanced, reversalEntry } from './postings.ts';

/**
 * Writes one journal entry. Call it inside the transaction of the event it records, so the event and
 * its posting commit together or not at all; the database checks the balance again at commit.
 */
export async function postJournalEntry(
  tx: DbOrTx,
  { draft, createdBy }: { draft: EntryDraft; createdBy: string | null },
) {
  if (!isBalanced(draft)) throw new Error(`unbalanced journal entry for ${draft.sourceType} ${draft.sourceId}`);
  // A day inside a VAT period already filed is closed: the entry goes to the next open day (decision 067).
  const { date, movedFrom } = await dayOpenForPosting(tx, draft.date);
  const [row] = await tx
    .insert(journalEntry)
    .values({
      date,
      description: draft.description,
      sourceType: draft.sourceType,
      sourceId: draft.sourceId,
      reversesEntryId: draft.reversesEntryId ?? null,
      createdBy,
    })
    .returning({ id: journalEntry.id, number: journalEntry.number });
  if (!row) throw new Error('journal entry insert returned no row');
  await tx.insert(journalLine).values(
    draft.lines.map((line) => ({
      entryId: row.id,
      accountCode: line.accountCode,
      debitPence: line.debitPence,
      creditPence: line.creditPence,
      date,
      style: line.style ?? null,
      serviceType: line.serviceType ?? null,
      memo: line.memo ?? '',
      vatKind: line.vatKind ?? null,
    })),
  );
  if (movedFrom) await recordMovedEntry(tx, { entryId: row.id, intendedDate: movedFrom });
  return row;
}

/** Cancels an entry by posting its mirror image; an entry is reversed at most once (unique index). */
export async function reverseJournalEntry(
  tx: DbOrTx,
  { entryId, date, reason, createdBy }: { entryId: string; date: string; reason: string; createdBy: string | null },
) {
  const [original] = await tx.select().from(journalEntry).where(eq(journalEntry.id, entryId));
  if (!original) throw new Error(`no journal entry ${entryId}`);
  const lines = await tx.select().from(journalLine).where(eq(journalLine.entryId, entryId));
  const draft = reversalEntry(
    {
      id: original.id,
      number: original.number,
      date: original.date,
      description: original.description,
      sourceType: original.sourceType,
      sourceId: original.sourceId,
      lines: lines.map((line) => ({
        accountCode: line.accountCode,
        debitPence: line.debitPence,
        creditPence: line.creditPence,
        style: line.style,
        serviceType: line.serviceType,
        memo: line.memo,
        vatKind: line.vatKind,
      })),
    },
    date,
    reason,
  );
  return postJournalEntry(tx, { draft, createdBy });
}

/** The VAT rate sales are charged at: zero unless the business is VAT registered. */
export async function salesVatRateBp(tx: DbOrTx): Promise<number> {
  const [settings] = await tx
    .select({ registered: businessSettings.vatRegistered, rate: businessSettings.vatRateBp })
    .from(businessSettings)
    .where(eq(businessSettings.id, 1));
  return settings?.registered ? settings.rate : 0;
}

/** Who reads the books, and the filters the address gives. */
type LedgerRequest = { actor: Actor | null; query?: unknown };

/** The rows of a period, by the date column of the rows read (an entry's, or a line's). */
function withinPeriod(
  date: typeof journalEntry.date | typeof journalLine.date,
  period: { from?: string; to?: string },
) {
  const conditions: SQL[] = [];
  if (period.from) conditions.push(gte(date, period.from));
  if (period.to) conditions.push(lte(date, period.to));
  return conditions;
}

export async function listAccounts(db: DbOrTx, { actor }: LedgerRequest): Promise<LedgerAccount[]> {
  requireRole(actor, 'admin');
  return db
    .select({
      code: ledgerAccount.code,
      name: ledgerAccount.name,
      kind: ledgerAccount.kind,
      system: ledgerAccount.system,
    })
    .from(ledgerAccount)
    .orderBy(asc(ledgerAccount.code));
}

export async function listJournal(db: DbOrTx, { actor, query }: LedgerRequest): Promise<JournalPage> {
  requireRole(actor, 'admin');
  const filters = parseInput(listJournalQuery, query);
  const conditions = withinPeriod(journalEntry.date, filters);
  if (filters.sourceType) conditions.push(eq(journalEntry.sourceType, filters.sourceType));
  if (filters.account)
    conditions.push(
      sql`exists (select 1 from ${journalLine} where ${journalLine.entryId} = ${journalEntry.id} and ${journalLine.accountCode} = ${filters.account})`,
    );
  const where = conditions.length ? and(...conditions) : undefined;
  const { rows: entries, total } = await countedPage(db, journalEntry, {
    where,
    order: [desc(journalEntry.date), desc(journalEntry.number)],
    page: filters.page,
    pageSize: filters.pageSize,
  });
  const ids = entries.map((row) => row.id);
  const [lines, reversals, accounts] = ids.length
    ? await Promise.all([
        db.select().from(journalLine).where(inArray(journalLine.entryId, ids)),
        db
          .select({ id: journalEntry.id, reverses: journalEntry.reversesEntryId })
          .from(journalEntry)
          .where(inArray(journalEntry.reversesEntryId, ids)),
        db.select({ code: ledgerAccount.code, name: ledgerAccount.name }).from(ledgerAccount),
      ])
    : [[], [], []];
  const accountName = new Map(accounts.map((account) => [account.code, account.name]));
  const reversedBy = new Map(reversals.map((row) => [row.reverses, row.id]));
  return {
    entries: entries.map(
      (row): JournalEntry => ({
        id: row.id,
        number: row.number,
        date: row.date,
        description: row.description,
        sourceType: row.sourceType,
        sourceId: row.sourceId,
        reversesEntryId: row.reversesEntryId,
        reversedByEntryId: reversedBy.get(row.id) ?? null,
        createdAt: row.createdAt.toISOString(),
        lines: lines
          .filter((line) => line.entryId === row.id)
          .sort((a, b) => b.debitPence - a.debitPence || a.accountCode.localeCompare(b.accountCode))
          .map((line) => ({
            id: line.id,
            accountCode: line.accountCode,
            accountName: accountName.get(line.accountCode) ?? line.accountCode,
            debitPence: line.debitPence,
            creditPence: line.creditPence,
            style: line.style,
            serviceType: line.serviceType,
            memo: line.memo,
          })),
      }),
    ),
    total,
    page: filters.page,
    pageSize: filters.pageSize,
  };
}

/** Every account's debits, credits and balance over a period; the totals of a sound ledger agree. */
export async function trialBalance(db: DbOrTx, { actor, query }: LedgerRequest): Promise<TrialBalance> {
  requireRole(actor, 'admin');
  const conditions = withinPeriod(journalLine.date, parseInput(balancesQuery, query));
  const sums = await db
    .select({
      code: journalLine.accountCode,
      debit: sql<string>`sum(${journalLine.debitPence})`,
      credit: sql<string>`sum(${journalLine.creditPence})`,
    })
    .from(journalLine)
    .where(conditions.length ? and(...conditions) : undefined)
    .groupBy(journalLine.accountCode);
  const byCode = new Map(sums.map((row) => [row.code, row]));
  const accounts = await listAccounts(db, { actor });
  const balances = accounts.map((account): AccountBalance => {
    const row = byCode.get(account.code);
    const debitPence = Number(row?.debit ?? 0);
    const creditPence = Number(row?.credit ?? 0);
    return { ...account, debitPence, creditPence, balancePence: debitPence - creditPence };
  });
  return {
    accounts: balances,
    totalDebitPence: balances.reduce((sum, account) => sum + account.debitPence, 0),
    totalCreditPence: balances.reduce((sum, account) => sum + account.creditPence, 0),
  };
}

/** The codes of the accounts that start with `prefix` (the expense accounts are 5xxx). */
export async function accountCodesFrom(tx: DbOrTx, { prefix }: { prefix: string }): Promise<string[]> {
  const rows = await tx
    .select({ code: ledgerAccount.code })
    .from(ledgerAccount)
    .where(sql`${ledgerAccount.code} like ${`${prefix}%`}`);
  return rows.map((row) => row.code);
}

/** An account the owner adds (an expense category's): only the ledger module writes the chart of accounts. */
export async function addOwnAccount(
  tx: DbOrTx,
  { code, name, kind }: { code: string; name: string; kind: (typeof ledgerAccount.$inferInsert)['kind'] },
) {
  await tx.insert(ledgerAccount).values({ code, name, kind, system: false });
}

/** Renames an account the owner added; the system's own accounts keep their names. */
export async function renameOwnAccount(tx: DbOrTx, { code, name }: { code: string; name: string }) {
  await tx
    .update(ledgerAccount)
    .set({ name })
    .where(and(eq(ledgerAccount.code, code), eq(ledgerAccount.system, false)));
}

/**
 * A system account that came after the chart's migration (2320 Course sessions outstanding, decision 081), added
 * the first time it is posted to, in the caller's transaction; a second call, or a race, changes nothing.
 */
export async function ensureSystemAccount(
  tx: DbOrTx,
  { code, name, kind }: { code: string; name: string; kind: (typeof ledgerAccount.$inferInsert)['kind'] },
) {
  await tx.insert(ledgerAccount).values({ code, name, kind, system: true }).onConflictDoNothing();
}
