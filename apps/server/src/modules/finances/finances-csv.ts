import type { CashReport, PnlColumn, ProfitAndLoss, VatReport, YearEndSummary } from '@app/shared';

/** A report as a spreadsheet: amounts in pounds with two decimals, a header row, CRLF line ends. */
export type CsvFile = { filename: string; body: string };

/** Pence as pounds with two decimals, exactly (no floating point): -1234 is "-12.34". */
export function pounds(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  const whole = Math.abs(pence);
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

/**
 * Quotes a cell when it must be; a text cell that a spreadsheet would run as a formula (a category
 * named "=HYPERLINK(...)") gets a leading apostrophe. Amounts are numbers and are written as they are.
 */
function cell(value: string | number): string {
  if (typeof value === 'number') return pounds(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function csv(rows: (string | number)[][]): string {
  return `${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}

const styleNames = { therapeutic: 'Therapeutic', sensual: 'Sensual', other: 'Other income' } as const;

export function profitAndLossCsv(report: ProfitAndLoss): CsvFile {
  const columns: PnlColumn[] = [...report.periods, report.totals];
  const row = (section: string, item: string, pick: (column: PnlColumn) => number) => [
    section,
    item,
    ...columns.map(pick),
  ];
  const types = report.totals.income.byType;
  const categories = report.totals.expenses.byCategory;
  const rows = [
    ['Section', 'Item', ...report.periods.map((period) => period.label), 'Total'],
    ...(['therapeutic', 'sensual', 'other'] as const).map((style) =>
      row('Income by style', styleNames[style], (column) => column.income.byStyle[style]),
    ),
    ...types.map((type, index) =>
      row(
        'Income by type',
        `${type.style ? styleNames[type.style] : 'Other'}: ${type.serviceType ?? 'unspecified'}`,
        (column) => column.income.byType[index]?.pence ?? 0,
      ),
    ),
    row('Income', 'Total income', (column) => column.income.total),
    ...categories.map((category, index) =>
      row(
        'Expenses',
        `${category.name} (${category.accountCode})`,
        (column) => column.expenses.byCategory[index]?.pence ?? 0,
      ),
    ),
    row('Expenses', 'Total expenses', (column) => column.expenses.total),
    row('Net', 'Net profit', (column) => column.net),
  ];
  return { filename: `profit-and-loss-${report.from}-${report.to}.csv`, body: csv(rows) };
}

export function vatCsv(report: VatReport): CsvFile {
  const { boxes } = report;
  const rows: (string | number)[][] = [
    ['Box', 'Description', 'Amount'],
    ['1', 'VAT due on sales and other outputs', boxes.box1],
    ['2', 'VAT due on acquisitions from EU member states', boxes.box2],
    ['3', 'Total VAT due', boxes.box3],
    ['4', 'VAT reclaimed on purchases and other inputs', boxes.box4],
    ['5', 'Net VAT to pay to HMRC or reclaim', boxes.box5],
    ['6', 'Total value of sales excluding VAT', boxes.box6],
    ['7', 'Total value of purchases excluding VAT', boxes.box7],
    ['', 'Other VAT movements (not in the boxes)', report.otherVatMovements],
  ];
  return { filename: `vat-${report.from}-${report.to}.csv`, body: csv(rows) };
}

export function cashCsv(report: CashReport): CsvFile {
  const rows: (string | number)[][] = [
    ['Account', 'Opening balance', 'Money in', 'Money out', 'Closing balance'],
    ...report.accounts.map((account) => [
      `${account.name} (${account.accountCode})`,
      account.opening,
      account.moneyIn,
      account.moneyOut,
      account.closing,
    ]),
    ['Total', report.total.opening, report.total.moneyIn, report.total.moneyOut, report.total.closing],
    ['Receivables outstanding', '', '', '', report.receivablesOutstanding],
  ];
  return { filename: `cash-${report.from}-${report.to}.csv`, body: csv(rows) };
}

export function yearEndCsv(report: YearEndSummary): CsvFile {
  const rows: (string | number)[][] = [
    ['Item', 'Amount'],
    ...(['therapeutic', 'sensual', 'other'] as const).map((style) => [
      `Income: ${styleNames[style]}`,
      report.income.byStyle[style],
    ]),
    ['Total income', report.income.total],
    ...report.expenses.byCategory.map((category) => [
      `Expenses: ${category.name} (${category.accountCode})`,
      category.pence,
    ]),
    ['Total expenses', report.expenses.total],
    ['Net profit', report.netProfit],
    ['VAT owed at year end', report.vatOwed],
    ['Receivables at year end', report.receivables],
    ...report.cash.accounts.map((account) => [`Cash at year end: ${account.name}`, account.balance]),
    ['Cash at year end: total', report.cash.total],
    ["Owner's equity movement", report.ownerEquityMovement],
    // A count, not money: written as it is rather than as pounds.
    ['Bookings completed', String(report.bookingsCompleted)],
  ];
  return { filename: `year-end-${report.from}-${report.to}.csv`, body: csv(rows) };
}
