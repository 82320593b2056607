import {
  accountCodes,
  type CashAccountRow,
  type CashReport,
  cashAccountCodes,
  cashReportQuery,
  type ExpenseByCategory,
  type IncomeByStyle,
  type IncomeByType,
  type PnlColumn,
  type PnlGranularity,
  type ProfitAndLoss,
  profitAndLossQuery,
  type VatReport,
  vatReportQuery,
  type YearEndSummary,
  yearEndQuery,
} from '@app/shared';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { businessSettings } from '../../db/schema.ts';
import { parseInput } from '../../lib/validation.ts';
import { addDays, zonedInstant } from '../../lib/zoned-time.ts';
import { type Actor, requireRole } from '../auth/actor.ts';
import { financialYear, type ReportPeriod, reportPeriods } from './report-periods.ts';

/**
 * Every report here is read from the ledger alone, through its per-day sums (journal_day, kept with every posting by
 * a trigger, decision 044), aggregated in SQL: income is credit
 * minus debit on income accounts, expenses debit minus credit on expense accounts. Sums are read as
 * float8, exact for whole pence far beyond any small business's turnover, and the same in both drivers.
 */

type Rows<T> = { rows: T[] };
async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

type AccountInfo = { code: string; name: string; kind: string };

/** The chart, with each expense account named after its category (the name the owner chose). */
async function chartOfAccounts(db: DbOrTx): Promise<Map<string, AccountInfo>> {
  const rows = await rowsOf<AccountInfo>(
    db,
    sql`select a.code, coalesce(
               (select c.name from expense_category c where c.account_code = a.code order by c.sort_order, c.name limit 1),
               a.name) as name,
           a.kind
      from ledger_account a order by a.code`,
  );
  return new Map(rows.map((row) => [row.code, row]));
}

const codesOfKind = (chart: Map<string, AccountInfo>, kind: string) =>
  [...chart.values()].filter((account) => account.kind === kind).map((account) => account.code);

const inList = (codes: string[]) =>
  sql.join(
    codes.map((code) => sql`${code}`),
    sql`, `,
  );

function styleOfAccount(code: string): keyof IncomeByStyle {
  if (code === accountCodes.salesTherapeutic) return 'therapeutic';
  if (code === accountCodes.salesSensual) return 'sensual';
  return 'other';
}

/** The first day of the row's period; truncating a plain timestamp skips any time-zone arithmetic. */
const periodStartSql: Record<PnlGranularity, SQL> = {
  month: sql`date_trunc('month', date::timestamp)`,
  quarter: sql`date_trunc('quarter', date::timestamp)`,
  year: sql`date_trunc('year', date::timestamp)`,
};

type PnlRow = {
  period: string;
  account_code: string;
  style: 'therapeutic' | 'sensual' | null;
  service_type: string | null;
  /** Credit minus debit. */
  amount: number;
};

/**
 * Income and expense lines of a date range summed per account, style and service type, and per period
 * when a granularity is given. Read from the per-day sums, a row per day and group rather than per line.
 */
async function pnlRows(
  db: DbOrTx,
  chart: Map<string, AccountInfo>,
  from: string,
  to: string,
  granularity: PnlGranularity | null,
) {
  const codes = [...codesOfKind(chart, 'income'), ...codesOfKind(chart, 'expense')];
  if (codes.length === 0) return [];
  const rows = await rowsOf<PnlRow>(
    db,
    granularity
      ? sql`select to_char(${periodStartSql[granularity]}, 'YYYY-MM-DD') as period, account_code, style, service_type,
                   sum(credit_pence - debit_pence)::float8 as amount
              from journal_day
             where date >= ${from} and date <= ${to} and account_code in (${inList(codes)})
             group by ${periodStartSql[granularity]}, account_code, style, service_type`
      : sql`select '' as period, account_code, style, service_type,
                   sum(credit_pence - debit_pence)::float8 as amount
              from journal_day
             where date >= ${from} and date <= ${to} and account_code in (${inList(codes)})
             group by account_code, style, service_type`,
  );
  return rows.map((row) => ({ ...row, amount: Number(row.amount) }));
}

const typeKey = (style: string | null, serviceType: string | null) => `${style ?? ''}\u0000${serviceType ?? ''}`;
const styleOrder = (style: string | null) => (style === 'therapeutic' ? 0 : style === 'sensual' ? 1 : 2);

/** Folds grouped rows into columns that all list the same service types and expense categories. */
function pnlColumns(rows: PnlRow[], chart: Map<string, AccountInfo>, periods: ReportPeriod[]) {
  const types = new Map<string, { style: IncomeByType['style']; serviceType: string | null }>();
  const categories = new Set<string>();
  for (const row of rows) {
    const kind = chart.get(row.account_code)?.kind;
    if (kind === 'income')
      types.set(typeKey(row.style, row.service_type), { style: row.style, serviceType: row.service_type });
    else categories.add(row.account_code);
  }
  const typeList = [...types.entries()].sort(
    ([, a], [, b]) =>
      styleOrder(a.style) - styleOrder(b.style) || (a.serviceType ?? '\uffff').localeCompare(b.serviceType ?? '\uffff'),
  );
  const categoryList = [...categories].sort();

  const column = (period: Omit<ReportPeriod, 'key'>, inPeriod: (row: PnlRow) => boolean): PnlColumn => {
    const byStyle: IncomeByStyle = { therapeutic: 0, sensual: 0, other: 0 };
    const byType = new Map(typeList.map(([key]) => [key, 0]));
    const byCategory = new Map(categoryList.map((code) => [code, 0]));
    for (const row of rows) {
      if (!inPeriod(row)) continue;
      if (chart.get(row.account_code)?.kind === 'income') {
        byStyle[styleOfAccount(row.account_code)] += row.amount;
        const key = typeKey(row.style, row.service_type);
        byType.set(key, (byType.get(key) ?? 0) + row.amount);
      } else byCategory.set(row.account_code, (byCategory.get(row.account_code) ?? 0) - row.amount);
    }
    const incomeTotal = byStyle.therapeutic + byStyle.sensual + byStyle.other;
    const expenses: ExpenseByCategory[] = categoryList.map((code) => ({
      accountCode: code,
      name: chart.get(code)?.name ?? code,
      pence: byCategory.get(code) ?? 0,
    }));
    const expenseTotal = expenses.reduce((sum, category) => sum + category.pence, 0);
    return {
      label: period.label,
      start: period.start,
      end: period.end,
      income: {
        total: incomeTotal,
        byStyle,
        byType: typeList.map(([key, type]) => ({ ...type, pence: byType.get(key) ?? 0 })),
      },
      expenses: { total: expenseTotal, byCategory: expenses },
      net: incomeTotal - expenseTotal,
    };
  };
  return { column, periods: periods.map((period) => column(period, (row) => row.period === period.key)) };
}

/** Who asks for a report, and its period as the address gives it. */
type ReportRequest = { actor: Actor | null; query: unknown };

/** Profit and loss by month, quarter or calendar year between two dates, with a totals column. */
export async function profitAndLoss(db: Db, { actor, query }: ReportRequest): Promise<ProfitAndLoss> {
  requireRole(actor, 'admin');
  const { from, to, granularity } = parseInput(profitAndLossQuery, query);
  return db.transaction(async (tx) => {
    const chart = await chartOfAccounts(tx);
    const rows = await pnlRows(tx, chart, from, to, granularity);
    const { column, periods } = pnlColumns(rows, chart, reportPeriods(from, to, granularity));
    const totals = column({ label: 'Total', start: from, end: to }, () => true);
    return { from, to, granularity, periods, totals };
  });
}

type VatRow = { output: number; input: number; other: number; sales: number; purchases: number };

/**
 * VAT for a period, in one pass over the period's lines: each VAT line carries its kind (output VAT on
 * sales, refunds, invoices and credit notes; input VAT on expenses), set by the postings, so no line
 * needs its entry. Box 6 and 7 are the net movements of the income and expense accounts.
 */
export async function vatReport(db: Db, { actor, query }: ReportRequest): Promise<VatReport> {
  requireRole(actor, 'admin');
  const { from, to } = parseInput(vatReportQuery, query);
  return db.transaction(async (tx) => {
    const chart = await chartOfAccounts(tx);
    const income = codesOfKind(chart, 'income');
    const expense = codesOfKind(chart, 'expense');
    const isIncome = income.length ? sql`account_code in (${inList(income)})` : sql`false`;
    const isExpense = expense.length ? sql`account_code in (${inList(expense)})` : sql`false`;
    const isVat = sql`account_code = ${accountCodes.vat}`;
    const [row] = await rowsOf<VatRow>(
      tx,
      sql`select coalesce(sum(credit_pence - debit_pence) filter (where ${isVat} and vat_kind = 'output'), 0)::float8 as output,
                 coalesce(sum(debit_pence - credit_pence) filter (where ${isVat} and vat_kind = 'input'), 0)::float8 as input,
                 coalesce(sum(credit_pence - debit_pence) filter (where ${isVat} and vat_kind is null), 0)::float8 as other,
                 coalesce(sum(credit_pence - debit_pence) filter (where ${isIncome}), 0)::float8 as sales,
                 coalesce(sum(debit_pence - credit_pence) filter (where ${isExpense}), 0)::float8 as purchases
            from journal_day
           where account_code in (${inList([accountCodes.vat, ...income, ...expense])})
             and date >= ${from} and date <= ${to}`,
    );
    const [settings] = await tx
      .select({ registered: businessSettings.vatRegistered, number: businessSettings.vatNumber })
      .from(businessSettings)
      .where(eq(businessSettings.id, 1));
    const output = Number(row?.output ?? 0);
    const input = Number(row?.input ?? 0);
    return {
      from,
      to,
      vatRegistered: settings?.registered ?? false,
      vatNumber: settings?.number ?? '',
      outputVat: output,
      inputVat: input,
      netDue: output - input,
      otherVatMovements: Number(row?.other ?? 0),
      boxes: {
        box1: output,
        box2: 0,
        box3: output,
        box4: input,
        box5: output - input,
        box6: Number(row?.sales ?? 0),
        box7: Number(row?.purchases ?? 0),
      },
    };
  });
}

type CashRow = { account_code: string; opening: number; money_in: number; money_out: number };

/** Opening and closing balances and the movements of the money accounts and receivables, in one pass. */
async function cashMovements(db: DbOrTx, from: string, to: string) {
  const codes = [...cashAccountCodes, accountCodes.receivables];
  const rows = await rowsOf<CashRow>(
    db,
    sql`select account_code,
               coalesce(sum(debit_pence - credit_pence) filter (where date < ${from}), 0)::float8 as opening,
               coalesce(sum(debit_pence) filter (where date >= ${from}), 0)::float8 as money_in,
               coalesce(sum(credit_pence) filter (where date >= ${from}), 0)::float8 as money_out
          from journal_day
         where account_code in (${inList(codes)}) and date <= ${to}
         group by account_code`,
  );
  const byCode = new Map(rows.map((row) => [row.account_code, row]));
  return (code: string) => {
    const row = byCode.get(code);
    const opening = Number(row?.opening ?? 0);
    const moneyIn = Number(row?.money_in ?? 0);
    const moneyOut = Number(row?.money_out ?? 0);
    return { opening, moneyIn, moneyOut, closing: opening + moneyIn - moneyOut };
  };
}

/** Cash, bank and card clearing over a period: opening, in, out, closing; and what clients still owe. */
export async function cashReport(db: Db, { actor, query }: ReportRequest): Promise<CashReport> {
  requireRole(actor, 'admin');
  const { from, to } = parseInput(cashReportQuery, query);
  return db.transaction(async (tx) => {
    const chart = await chartOfAccounts(tx);
    const movement = await cashMovements(tx, from, to);
    const accounts: CashAccountRow[] = cashAccountCodes.map((code) => ({
      accountCode: code,
      name: chart.get(code)?.name ?? code,
      ...movement(code),
    }));
    const sum = (pick: (row: CashAccountRow) => number) => accounts.reduce((total, row) => total + pick(row), 0);
    return {
      from,
      to,
      accounts,
      total: {
        opening: sum((row) => row.opening),
        moneyIn: sum((row) => row.moneyIn),
        moneyOut: sum((row) => row.moneyOut),
        closing: sum((row) => row.closing),
      },
      receivablesOutstanding: movement(accountCodes.receivables).closing,
    };
  });
}

type BalanceRow = { account_code: string; balance: number; movement: number };

/** The financial year in one page: profit, what is owed and held at its end, the owner's money, bookings. */
export async function yearEndSummary(
  { db, timeZone }: { db: Db; timeZone: string },
  { actor, query }: ReportRequest,
): Promise<YearEndSummary> {
  requireRole(actor, 'admin');
  const { year, yearStartMonth } = parseInput(yearEndQuery, query);
  const period = financialYear(year, yearStartMonth);
  const { start: from, end: to } = period;
  return db.transaction(async (tx) => {
    const chart = await chartOfAccounts(tx);
    const rows = await pnlRows(tx, chart, from, to, null);
    const pnl = pnlColumns(rows, chart, []).column(period, () => true);
    const balanceCodes = [...cashAccountCodes, accountCodes.receivables, accountCodes.vat, accountCodes.ownerEquity];
    const balances = await rowsOf<BalanceRow>(
      tx,
      sql`select account_code,
                 sum(debit_pence - credit_pence)::float8 as balance,
                 coalesce(sum(credit_pence - debit_pence) filter (where date >= ${from}), 0)::float8 as movement
            from journal_day
           where account_code in (${inList(balanceCodes)}) and date <= ${to}
           group by account_code`,
    );
    const byCode = new Map(balances.map((row) => [row.account_code, row]));
    const balance = (code: string) => Number(byCode.get(code)?.balance ?? 0);
    const [completed] = await rowsOf<{ count: number }>(
      tx,
      sql`select count(*)::int as count from booking
           where status = 'completed'
             and starts_at >= ${new Date(zonedInstant(from, '00:00', timeZone)).toISOString()}
             and starts_at < ${new Date(zonedInstant(addDays(to, 1), '00:00', timeZone)).toISOString()}`,
    );
    const cash = cashAccountCodes.map((code) => ({
      accountCode: code,
      name: chart.get(code)?.name ?? code,
      balance: balance(code),
    }));
    return {
      year,
      yearStartMonth,
      label: period.label,
      from,
      to,
      income: { total: pnl.income.total, byStyle: pnl.income.byStyle },
      expenses: pnl.expenses,
      netProfit: pnl.net,
      vatOwed: -balance(accountCodes.vat),
      receivables: balance(accountCodes.receivables),
      cash: { accounts: cash, total: cash.reduce((sum, row) => sum + row.balance, 0) },
      ownerEquityMovement: Number(byCode.get(accountCodes.ownerEquity)?.movement ?? 0),
      bookingsCompleted: Number(completed?.count ?? 0),
    };
  });
}
