import { type ExportKind, type ExportProduct, exportQuery, invoiceLabel } from '@app/shared';
import { and, asc, eq, gte, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { expense, expenseCategory, invoice, invoiceLine, journalEntry, journalLine } from '../../db/schema.ts';
import { parseInput } from '../../lib/validation.ts';
import { type Actor, requireRole } from '../auth/actor.ts';
import { listAccounts } from '../ledger/ledger.service.ts';
import { salesAccountFor } from '../ledger/postings.ts';
import { type Cell, csvLine, headerOf, money, taxRateName, ukDate } from './export-formats.ts';

/** Rows are read a page at a time, so a year's export never holds the year in memory. */
const PAGE = 500;

export type ExportRequest = { actor: Actor | null; query: unknown };
export type ExportFile = { filename: string; lines: AsyncIterable<string> };
type Period = { from: string; to: string };

export type JournalEntryRow = {
  id: string;
  number: number;
  date: string;
  description: string;
  lines: { accountCode: string; debitPence: number; creditPence: number; memo: string }[];
};

/** The journal of a period in date and number order, a page of entries at a time. */
export async function* journalPages(db: DbOrTx, { from, to }: Period): AsyncGenerator<JournalEntryRow[]> {
  let after: { date: string; number: number } | null = null;
  for (;;) {
    const entries: { id: string; number: number; date: string; description: string }[] = await db
      .select({
        id: journalEntry.id,
        number: journalEntry.number,
        date: journalEntry.date,
        description: journalEntry.description,
      })
      .from(journalEntry)
      .where(
        and(
          gte(journalEntry.date, from),
          lte(journalEntry.date, to),
          after ? sql`(${journalEntry.date}, ${journalEntry.number}) > (${after.date}, ${after.number})` : undefined,
        ),
      )
      .orderBy(asc(journalEntry.date), asc(journalEntry.number))
      .limit(PAGE);
    if (entries.length === 0) return;
    const entryIds = entries.map((entry) => entry.id);
    const lines = await db.select().from(journalLine).where(inArray(journalLine.entryId, entryIds));
    yield entries.map((entry) => ({
      ...entry,
      lines: lines
        .filter((line) => line.entryId === entry.id && (line.debitPence !== 0 || line.creditPence !== 0))
        .sort((a, b) => b.debitPence - a.debitPence || a.accountCode.localeCompare(b.accountCode))
        .map(({ accountCode, debitPence, creditPence, memo }) => ({ accountCode, debitPence, creditPence, memo })),
    }));
    const last = entries.at(-1);
    if (entries.length < PAGE || !last) return;
    after = { date: last.date, number: last.number };
  }
}

type SaleRow = {
  label: string;
  creditNote: boolean;
  billToName: string;
  billToEmail: string | null;
  issueDate: string;
  dueDate: string;
  notes: string;
  lines: (typeof invoiceLine.$inferSelect)[];
};

/** Invoices and credit notes issued in the period (drafts have no number and are not sales yet). */
async function* salesPages(db: DbOrTx, { from, to }: Period): AsyncGenerator<SaleRow[]> {
  for (let page = 0; ; page += 1) {
    const invoices = await db
      .select()
      .from(invoice)
      .where(and(ne(invoice.status, 'draft'), gte(invoice.issueDate, from), lte(invoice.issueDate, to)))
      .orderBy(asc(invoice.issueDate), asc(invoice.series), asc(invoice.number))
      .limit(PAGE)
      .offset(page * PAGE);
    if (invoices.length === 0) return;
    const lines = await db
      .select()
      .from(invoiceLine)
      .where(
        inArray(
          invoiceLine.invoiceId,
          invoices.map((row) => row.id),
        ),
      )
      .orderBy(asc(invoiceLine.position));
    yield invoices.map((row) => ({
      label: invoiceLabel(row.series, row.number),
      creditNote: row.kind === 'credit_note',
      billToName: row.billToName,
      billToEmail: row.billToEmail,
      issueDate: row.issueDate ?? from,
      dueDate: row.dueDate ?? row.issueDate ?? from,
      notes: row.notes,
      lines: lines.filter((line) => line.invoiceId === row.id),
    }));
    if (invoices.length < PAGE) return;
  }
}

type ExpenseRow = {
  id: string;
  date: string;
  supplier: string;
  amountPence: number;
  vatPence: number;
  notes: string;
  category: string;
  accountCode: string;
};

/** The expenses dated in the period that stand (a deleted one is reversed in the books, and left out here). */
export async function* expensePages(db: DbOrTx, { from, to }: Period): AsyncGenerator<ExpenseRow[]> {
  for (let page = 0; ; page += 1) {
    const rows = await db
      .select({
        id: expense.id,
        date: expense.date,
        supplier: expense.supplier,
        amountPence: expense.amountPence,
        vatPence: expense.vatPence,
        notes: expense.notes,
        category: expenseCategory.name,
        accountCode: expenseCategory.accountCode,
      })
      .from(expense)
      .innerJoin(expenseCategory, eq(expenseCategory.id, expense.categoryId))
      .where(and(isNull(expense.deletedAt), gte(expense.date, from), lte(expense.date, to)))
      .orderBy(asc(expense.date), asc(expense.createdAt), asc(expense.id))
      .limit(PAGE)
      .offset(page * PAGE);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < PAGE) return;
  }
}

/** An expense's VAT rate to the nearest whole percent, from its gross amount and its VAT. */
export function expenseVatRateBp(row: { amountPence: number; vatPence: number }): number {
  const net = row.amountPence - row.vatPence;
  if (row.vatPence <= 0 || net <= 0) return 0;
  return Math.round((row.vatPence * 100) / net) * 100;
}

const expenseReference = (row: ExpenseRow) => `EXP-${row.id.slice(0, 8).toUpperCase()}`;
const expenseText = (row: ExpenseRow) => (row.notes ? `${row.category}: ${row.notes}` : row.category);

type Context = { product: ExportProduct; currency: string; accountName: (code: string) => string };

/** The rows of one page of journal entries, as the product imports a journal. */
function journalRows(entries: JournalEntryRow[], { product, accountName }: Context): Cell[][] {
  const rows: Cell[][] = [];
  for (const entry of entries) {
    const narration = `#${entry.number} ${entry.description}`;
    if (product === 'freeagent') {
      // A bank statement: the entry's movement of the bank account, money in positive.
      const bank = entry.lines
        .filter((line) => line.accountCode === '1010')
        .reduce((sum, line) => sum + line.debitPence - line.creditPence, 0);
      if (bank !== 0) rows.push([ukDate(entry.date), money(bank), narration]);
      continue;
    }
    for (const line of entry.lines) {
      const description = line.memo || entry.description;
      rows.push(
        product === 'xero'
          ? [
              narration,
              ukDate(entry.date),
              description,
              line.accountCode,
              'No VAT',
              money(line.debitPence - line.creditPence),
              null,
              null,
              null,
              null,
            ]
          : [
              String(entry.number),
              ukDate(entry.date),
              accountName(line.accountCode),
              description,
              line.debitPence ? money(line.debitPence) : null,
              line.creditPence ? money(line.creditPence) : null,
              null,
            ],
      );
    }
  }
  return rows;
}

/** Invoices line by line (a credit note's amounts negative); FreeAgent gets each document's total as money in. */
function salesRows(sales: SaleRow[], { product, currency }: Context): Cell[][] {
  const rows: Cell[][] = [];
  for (const sale of sales) {
    const sign = sale.creditNote ? -1 : 1;
    if (product === 'freeagent') {
      const total = sale.lines.reduce((sum, line) => sum + line.netPence + line.vatPence, 0);
      rows.push([ukDate(sale.issueDate), money(sign * total), `${sale.label} ${sale.billToName}`]);
      continue;
    }
    for (const line of sale.lines) {
      rows.push(
        product === 'xero'
          ? [
              sale.billToName,
              sale.billToEmail,
              sale.label,
              sale.notes || null,
              ukDate(sale.issueDate),
              ukDate(sale.dueDate),
              line.description,
              String(line.quantity),
              money(sign * line.unitPricePence),
              salesAccountFor(line.style),
              taxRateName('xero', line.vatRateBp, 'income'),
              money(sign * line.vatPence),
              currency,
            ]
          : [
              sale.label,
              sale.billToName,
              ukDate(sale.issueDate),
              ukDate(sale.dueDate),
              null,
              line.description,
              line.description,
              String(line.quantity),
              money(sign * line.unitPricePence),
              money(sign * line.netPence),
              taxRateName('quickbooks', line.vatRateBp, 'income'),
              sale.notes || null,
            ],
      );
    }
  }
  return rows;
}

/** Expenses as Xero bills (net, with their VAT), or as money out of a bank statement. */
function expenseRows(expenses: ExpenseRow[], { product, currency }: Context): Cell[][] {
  return expenses.map((row): Cell[] => {
    if (product === 'freeagent')
      return [ukDate(row.date), money(-row.amountPence), `${row.supplier} ${expenseText(row)}`];
    if (product === 'quickbooks')
      return [ukDate(row.date), `${row.supplier}: ${expenseText(row)}`, money(-row.amountPence)];
    return [
      row.supplier,
      null,
      expenseReference(row),
      null,
      ukDate(row.date),
      ukDate(row.date),
      expenseText(row),
      '1',
      money(row.amountPence - row.vatPence),
      row.accountCode,
      taxRateName('xero', expenseVatRateBp(row), 'expenses'),
      money(row.vatPence),
      currency,
    ];
  });
}

async function* linesOf(db: DbOrTx, kind: ExportKind, period: Period, context: Context): AsyncGenerator<string> {
  const header = headerOf(context.product, kind);
  if (header) yield csvLine(header, context.product);
  const pages =
    kind === 'journal'
      ? mapPages(journalPages(db, period), (page) => journalRows(page, context))
      : kind === 'sales'
        ? mapPages(salesPages(db, period), (page) => salesRows(page, context))
        : mapPages(expensePages(db, period), (page) => expenseRows(page, context));
  for await (const rows of pages) for (const row of rows) yield csvLine(row, context.product);
}

async function* mapPages<T>(pages: AsyncGenerator<T>, map: (page: T) => Cell[][]): AsyncGenerator<Cell[][]> {
  for await (const page of pages) yield map(page);
}

/**
 * One export for the accountant: the journal, the sales or the expenses of a period in the CSV that Xero,
 * QuickBooks or FreeAgent imports. The role and the query are checked before the first row is read.
 */
export async function accountantExport(
  { db, currency }: { db: DbOrTx; currency: string },
  { actor, query }: ExportRequest,
): Promise<ExportFile> {
  requireRole(actor, 'admin');
  const { from, to, product, kind } = parseInput(exportQuery, query);
  const accounts = await listAccounts(db, { actor });
  const names = new Map(accounts.map((account) => [account.code, account.name]));
  const context: Context = { product, currency, accountName: (code) => names.get(code) ?? code };
  return {
    filename: `${product}-${kind}-${from}-${to}.csv`,
    lines: linesOf(db, kind, { from, to }, context),
  };
}
