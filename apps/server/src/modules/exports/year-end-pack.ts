import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { type AccountBalance, yearEndPackQuery } from '@app/shared';
import { and, asc, eq, gte, isNull, lte, ne } from 'drizzle-orm';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { Db } from '../../db/client.ts';
import { expense, expenseReceipt, invoice, storedFile } from '../../db/schema.ts';
import { parseInput } from '../../lib/validation.ts';
import { requireRole } from '../auth/actor.ts';
import { profitAndLoss, vatReport } from '../finances/finances.service.ts';
import { profitAndLossCsv, vatCsv } from '../finances/finances-csv.ts';
import { reportPeriods } from '../finances/report-periods.ts';
import { invoicePdf } from '../invoices/invoice-documents.service.ts';
import type { InvoiceEnv } from '../invoices/invoice-state.ts';
import { trialBalance } from '../ledger/ledger.service.ts';
import type { FileStore } from '../storage/file-store.ts';
import { readStoredFile } from '../storage/storage.service.ts';
import { type Cell, csvLine, money } from './export-formats.ts';
import { type ExportRequest, journalPages } from './exports.service.ts';

export type YearEndPackDeps = { db: Db; env: InvoiceEnv; files: FileStore };

const csvOf = (rows: Cell[][]) => rows.map((row) => csvLine(row, 'xero')).join('');

/** Every account's debits, credits and balance over the period. */
function trialBalanceCsv(accounts: AccountBalance[], totals: { debit: number; credit: number }): string {
  return csvOf([
    ['Account code', 'Account', 'Debit', 'Credit', 'Balance'],
    ...accounts
      .filter((account) => account.debitPence || account.creditPence)
      .map((account): Cell[] => [
        account.code,
        account.name,
        money(account.debitPence),
        money(account.creditPence),
        money(account.balancePence),
      ]),
    ['', 'Total', money(totals.debit), money(totals.credit), money(totals.debit - totals.credit)],
  ]);
}

/**
 * What the business owns and owes at the period's last day, from every posting up to it: assets at their debit
 * balance, liabilities and equity at their credit balance, with the profit to date (income less expenses)
 * beside equity, so that the two sides agree.
 */
export function balanceSheetCsv(accounts: AccountBalance[], to: string): string {
  const of = (kind: AccountBalance['kind']) => accounts.filter((account) => account.kind === kind);
  const sum = (list: AccountBalance[]) => list.reduce((total, account) => total + account.balancePence, 0);
  const assets = of('asset');
  const liabilities = of('liability');
  const equity = of('equity');
  const profit = -(sum(of('income')) + sum(of('expense')));
  const line = (section: string, account: AccountBalance, sign: 1 | -1): Cell[] => [
    section,
    `${account.name} (${account.code})`,
    money(sign * account.balancePence),
  ];
  const nonZero = (list: AccountBalance[]) => list.filter((account) => account.balancePence !== 0);
  return csvOf([
    ['Section', `Balance sheet at ${to}`, 'Amount'],
    ...nonZero(assets).map((account) => line('Assets', account, 1)),
    ['Assets', 'Total assets', money(sum(assets))],
    ...nonZero(liabilities).map((account) => line('Liabilities', account, -1)),
    ['Liabilities', 'Total liabilities', money(-sum(liabilities))],
    ...nonZero(equity).map((account) => line('Equity', account, -1)),
    ['Equity', 'Profit to date (income less expenses)', money(profit)],
    ['Equity', 'Total equity', money(-sum(equity) + profit)],
    ['', 'Liabilities and equity', money(-sum(liabilities) - sum(equity) + profit)],
  ]);
}

async function journalCsv(db: Db, period: { from: string; to: string }, names: Map<string, string>) {
  const rows: Cell[][] = [['Number', 'Date', 'Description', 'Account code', 'Account', 'Debit', 'Credit', 'Memo']];
  for await (const page of journalPages(db, period))
    for (const entry of page)
      for (const line of entry.lines)
        rows.push([
          String(entry.number),
          entry.date,
          entry.description,
          line.accountCode,
          names.get(line.accountCode) ?? line.accountCode,
          line.debitPence ? money(line.debitPence) : null,
          line.creditPence ? money(line.creditPence) : null,
          line.memo || null,
        ]);
  return csvOf(rows);
}

/** A name safe in a zip on every system: letters, digits, dot, dash and underscore. */
const safeName = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 120);

/**
 * The accountant's year-end pack for a period, as one zip streamed as it is written: the trial balance, profit
 * and loss, balance sheet, VAT per quarter and for the period, the journal, every invoice and credit note issued
 * as its PDF, and the receipts kept with the period's expenses. One file is read or drawn at a time.
 */
export async function yearEndPack(
  deps: YearEndPackDeps,
  { actor, query }: ExportRequest,
): Promise<{ filename: string; stream: Readable }> {
  requireRole(actor, 'admin');
  const { from, to } = parseInput(yearEndPackQuery, query);
  const { db } = deps;
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) out.destroy(error);
    else {
      out.write(chunk);
      if (final) out.end();
    }
  });
  /** Adds one file and waits while the reader is behind, so the zip is never far ahead of the download. */
  const add = async (name: string, bytes: Uint8Array, compress = true) => {
    const file = compress ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
    zip.add(file);
    file.push(bytes, true);
    if (out.writableNeedDrain) await once(out, 'drain');
  };
  const text = (body: string) => new TextEncoder().encode(body);

  const fill = async () => {
    const period = { from, to };
    const [balances, sheet, pnl, vat] = await Promise.all([
      trialBalance(db, { actor, query: period }),
      trialBalance(db, { actor, query: { to } }),
      profitAndLoss(db, { actor, query: { ...period, granularity: 'month' } }),
      vatReport(db, { actor, query: period }),
    ]);
    await add(
      'trial-balance.csv',
      text(trialBalanceCsv(balances.accounts, { debit: balances.totalDebitPence, credit: balances.totalCreditPence })),
    );
    await add('profit-and-loss.csv', text(profitAndLossCsv(pnl).body));
    await add('balance-sheet.csv', text(balanceSheetCsv(sheet.accounts, to)));
    await add(`vat/${vatCsv(vat).filename}`, text(vatCsv(vat).body));
    for (const quarter of reportPeriods(from, to, 'quarter')) {
      if (quarter.start === from && quarter.end === to) continue;
      const report = await vatReport(db, { actor, query: { from: quarter.start, to: quarter.end } });
      await add(`vat/${vatCsv(report).filename}`, text(vatCsv(report).body));
    }
    const names = new Map(balances.accounts.map((account) => [account.code, account.name]));
    await add('journal.csv', text(await journalCsv(db, period, names)));

    const issued = await db
      .select({ id: invoice.id })
      .from(invoice)
      .where(and(ne(invoice.status, 'draft'), gte(invoice.issueDate, from), lte(invoice.issueDate, to)))
      .orderBy(asc(invoice.issueDate), asc(invoice.series), asc(invoice.number));
    for (const { id } of issued) {
      const pdf = await invoicePdf(deps, { actor, id });
      await add(`invoices/${safeName(pdf.filename)}`, pdf.bytes, false);
    }

    const receipts = await db
      .select({ fileId: expenseReceipt.fileId, date: expense.date, supplier: expense.supplier, path: storedFile.path })
      .from(expenseReceipt)
      .innerJoin(expense, eq(expense.id, expenseReceipt.expenseId))
      .innerJoin(storedFile, eq(storedFile.id, expenseReceipt.fileId))
      .where(and(isNull(expense.deletedAt), gte(expense.date, from), lte(expense.date, to)))
      .orderBy(asc(expense.date), asc(expenseReceipt.createdAt));
    const used = new Set<string>();
    for (const receipt of receipts) {
      const { bytes } = await readStoredFile(deps, { fileId: receipt.fileId });
      const base = safeName(`${receipt.date}-${receipt.supplier}-${receipt.path.split('/').pop() ?? 'receipt'}`);
      let name = `receipts/${base}`;
      for (let n = 2; used.has(name); n += 1) name = `receipts/${n}-${base}`;
      used.add(name);
      await add(name, bytes, false);
    }
    zip.end();
  };
  fill().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return { filename: `year-end-pack-${from}-${to}.zip`, stream: out };
}
