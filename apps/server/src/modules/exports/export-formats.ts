import type { ExportKind, ExportProduct } from '@app/shared';

/**
 * The columns each product's own import documents, kept literally (an asterisk marks what Xero requires):
 *
 * Xero, manual journals ("Add or post multiple manual journals", help.xero.com/uk/ManualJournalsImport):
 *   Narration, Date (dd/mm/yyyy), Description, AccountCode, TaxRate, Amount (positive a debit, negative a
 *   credit), TrackingName1, TrackingOption1, TrackingName2, TrackingOption2; the lines of one journal share
 *   its narration and date.
 * Xero, sales invoices and bills (the import templates, Sales › Invoices › Import and Purchases › Bills ›
 *   Import): *ContactName, EmailAddress, *InvoiceNumber, Reference, *InvoiceDate, *DueDate (DD/MM/YYYY),
 *   Description, *Quantity, *UnitAmount, *AccountCode, *TaxType (the rate's display name, e.g.
 *   "20% (VAT on Income)"), TaxAmount, Currency.
 * QuickBooks Online, journal entries (Intuit, "Import journal entries"): Journal No., Journal Date, Account Name,
 *   Description, Debits, Credits, Name; account names, not numbers; each entry's lines share its number.
 * QuickBooks Online, invoices (Intuit's default headers, mapped without asking): Invoice number, Customer,
 *   Invoice date, Due date, Terms, Item (Product/Service), Item Description, Item Quantity, Item Rate,
 *   Item Amount, Item tax code, Memo.
 * QuickBooks Online, bank transactions (the 3-column upload): Date, Description, Amount.
 * FreeAgent, bank statement upload ("Format a CSV file to upload a bank statement", support.freeagent.com):
 *   column A date (dd/mm/yyyy), column B amount (2 decimals, money out negative), column C description; no
 *   header row, no quote marks, no commas in amounts or descriptions, one line per description. FreeAgent
 *   documents no CSV import of journals or invoices, so each of its exports is such a statement.
 *
 * The dates are the UK's day/month/year: a QuickBooks company in the UK reads them so (its region's format).
 */
export const xeroJournalColumns = [
  '*Narration',
  '*Date',
  'Description',
  '*AccountCode',
  '*TaxRate',
  '*Amount',
  'TrackingName1',
  'TrackingOption1',
  'TrackingName2',
  'TrackingOption2',
] as const;

export const xeroInvoiceColumns = [
  '*ContactName',
  'EmailAddress',
  '*InvoiceNumber',
  'Reference',
  '*InvoiceDate',
  '*DueDate',
  'Description',
  '*Quantity',
  '*UnitAmount',
  '*AccountCode',
  '*TaxType',
  'TaxAmount',
  'Currency',
] as const;

export const quickBooksJournalColumns = [
  'Journal No.',
  'Journal Date',
  'Account Name',
  'Description',
  'Debits',
  'Credits',
  'Name',
] as const;

export const quickBooksInvoiceColumns = [
  'Invoice number',
  'Customer',
  'Invoice date',
  'Due date',
  'Terms',
  'Item (Product/Service)',
  'Item Description',
  'Item Quantity',
  'Item Rate',
  'Item Amount',
  'Item tax code',
  'Memo',
] as const;

export const quickBooksBankColumns = ['Date', 'Description', 'Amount'] as const;

/** FreeAgent's statement has no header row: these name its columns A, B and C for the code and the tests. */
export const freeAgentBankColumns = ['Date', 'Amount', 'Description'] as const;

/** The header row of each export; FreeAgent's statements have none. */
export function headerOf(product: ExportProduct, kind: ExportKind): readonly string[] | null {
  if (product === 'freeagent') return null;
  if (product === 'xero') return kind === 'journal' ? xeroJournalColumns : xeroInvoiceColumns;
  if (kind === 'journal') return quickBooksJournalColumns;
  return kind === 'sales' ? quickBooksInvoiceColumns : quickBooksBankColumns;
}

/** 2026-03-05 as 05/03/2026. */
export function ukDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
}

/** Pence as pounds with two decimals, exactly: -1234 is "-12.34". */
export function pounds(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  const whole = Math.abs(pence);
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

/** An amount written as pounds; text is anything else. Kept apart so "-12.34" is never taken for a formula. */
export type Cell = string | { pence: number } | null;
export const money = (pence: number): Cell => ({ pence });

/** A text a spreadsheet would run as a formula (=, +, -, @, or a tab or return first) gets a leading apostrophe. */
function defused(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** RFC 4180: a cell with a quote, comma or line break is quoted, its quotes doubled. */
function quoted(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** FreeAgent refuses quotes, commas and line breaks in a statement line: they become spaces. */
function flattened(text: string): string {
  return text.replace(/[",\r\n]+/g, ' ').trim();
}

/** One CSV line, CRLF-ended; FreeAgent's cells are flattened instead of quoted. */
export function csvLine(cells: readonly Cell[], product: ExportProduct): string {
  const written = cells.map((cell) => {
    if (cell === null) return '';
    if (typeof cell === 'object') return pounds(cell.pence);
    const safe = defused(cell);
    return product === 'freeagent' ? flattened(safe) : quoted(safe);
  });
  return `${written.join(',')}\r\n`;
}

/** Xero's and QuickBooks' names of the UK VAT rates; a rate the products do not name is written as a percent. */
export function taxRateName(product: 'xero' | 'quickbooks', vatRateBp: number, side: 'income' | 'expenses'): string {
  if (vatRateBp <= 0) return 'No VAT';
  const percent = vatRateBp / 100;
  if (product === 'xero') return `${percent}% (VAT on ${side === 'income' ? 'Income' : 'Expenses'})`;
  if (vatRateBp === 2000) return '20.0% S';
  if (vatRateBp === 500) return '5.0% R';
  return `${percent.toFixed(1)}%`;
}
