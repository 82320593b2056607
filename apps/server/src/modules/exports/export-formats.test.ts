import { describe, expect, it } from 'vitest';
import { csvLine, headerOf, money, pounds, taxRateName, ukDate } from './export-formats.ts';

// The expectations are the products' documented imports: Xero's manual journal and invoice/bill templates, QuickBooks
// Online's journal entry, invoice and 3-column bank uploads, FreeAgent's bank statement (no header row; no quotes,
// commas or line breaks), RFC 4180 quoting, UK dates (dd/mm/yyyy) and amounts in pounds with two decimals; and the
// common defence against CSV injection (a cell a spreadsheet would run as a formula starts with an apostrophe).
// Pure: no database.

describe('headerOf: each product documents its own columns', () => {
  it('Xero manual journals', () => {
    expect(headerOf('xero', 'journal')).toEqual([
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
    ]);
  });

  it('Xero sales invoices and bills share one template', () => {
    const template = [
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
    ];
    expect(headerOf('xero', 'sales')).toEqual(template);
    expect(headerOf('xero', 'expenses')).toEqual(template);
  });

  it('QuickBooks Online journal entries, invoices and bank transactions', () => {
    expect(headerOf('quickbooks', 'journal')).toEqual([
      'Journal No.',
      'Journal Date',
      'Account Name',
      'Description',
      'Debits',
      'Credits',
      'Name',
    ]);
    expect(headerOf('quickbooks', 'sales')).toEqual([
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
    ]);
    expect(headerOf('quickbooks', 'expenses')).toEqual(['Date', 'Description', 'Amount']);
  });

  it('FreeAgent bank statements have no header row', () => {
    expect(headerOf('freeagent', 'journal')).toBeNull();
    expect(headerOf('freeagent', 'sales')).toBeNull();
    expect(headerOf('freeagent', 'expenses')).toBeNull();
  });
});

describe('ukDate', () => {
  it('writes day/month/year with two-digit day and month', () => {
    expect(ukDate('2026-03-05')).toBe('05/03/2026');
    expect(ukDate('2027-12-31')).toBe('31/12/2027');
  });
});

describe('pounds', () => {
  it('writes pence as pounds with exactly two decimals, money out negative', () => {
    expect(pounds(123456)).toBe('1234.56');
    expect(pounds(-1234)).toBe('-12.34');
    expect(pounds(100)).toBe('1.00');
    expect(pounds(5)).toBe('0.05');
    expect(pounds(-5)).toBe('-0.05');
    expect(pounds(0)).toBe('0.00');
    expect(pounds(2550)).toBe('25.50');
  });
});

describe('csvLine', () => {
  it('ends each line with CRLF and writes an empty cell for nothing', () => {
    expect(csvLine(['a', null, 'b'], 'xero')).toBe('a,,b\r\n');
    expect(csvLine([], 'quickbooks')).toBe('\r\n');
  });

  it('writes amounts as pounds, a negative amount never taken for a formula', () => {
    expect(csvLine([money(-1234), money(99)], 'xero')).toBe('-12.34,0.99\r\n');
    expect(csvLine([money(-1234)], 'freeagent')).toBe('-12.34\r\n');
  });

  it('quotes a cell with a comma, quote or line break, doubling its quotes (RFC 4180)', () => {
    expect(csvLine(['Smith, Jane'], 'xero')).toBe('"Smith, Jane"\r\n');
    expect(csvLine(['The "deep" one'], 'quickbooks')).toBe('"The ""deep"" one"\r\n');
    expect(csvLine(['line one\nline two'], 'xero')).toBe('"line one\nline two"\r\n');
    expect(csvLine(['line one\r\nline two'], 'xero')).toBe('"line one\r\nline two"\r\n');
    expect(csvLine(['a\rb'], 'quickbooks')).toBe('"a\rb"\r\n');
    expect(csvLine(['plain text'], 'xero')).toBe('plain text\r\n');
  });

  it('puts an apostrophe before text a spreadsheet would run as a formula', () => {
    expect(csvLine(['=SUM(A1:A2)'], 'xero')).toBe("'=SUM(A1:A2)\r\n");
    expect(csvLine(['+44 7700 900123'], 'xero')).toBe("'+44 7700 900123\r\n");
    expect(csvLine(['-12.34'], 'quickbooks')).toBe("'-12.34\r\n");
    expect(csvLine(['@cmd'], 'xero')).toBe("'@cmd\r\n");
    expect(csvLine(['\t=1'], 'xero')).toBe("'\t=1\r\n");
    expect(csvLine(['\r=1'], 'xero')).toBe('"\'\r=1"\r\n');
    expect(csvLine(['Massage = bliss'], 'xero')).toBe('Massage = bliss\r\n');
    expect(csvLine(['=x'], 'freeagent')).toBe("'=x\r\n");
  });

  it('flattens FreeAgent cells: no quotes, commas or line breaks, one space where they were', () => {
    expect(csvLine(['05/03/2026', money(-1234), 'Oil, towels'], 'freeagent')).toBe('05/03/2026,-12.34,Oil  towels\r\n');
    expect(csvLine(['line one\r\nline two'], 'freeagent')).toBe('line one line two\r\n');
    expect(csvLine(['"Quoted"'], 'freeagent')).toBe('Quoted\r\n');
    expect(csvLine(['a,,b'], 'freeagent')).toBe('a b\r\n');
    expect(csvLine(['plain'], 'freeagent')).toBe('plain\r\n');
  });
});

describe('taxRateName: the products’ names of the UK VAT rates', () => {
  it('Xero names the rate and the side', () => {
    expect(taxRateName('xero', 2000, 'income')).toBe('20% (VAT on Income)');
    expect(taxRateName('xero', 2000, 'expenses')).toBe('20% (VAT on Expenses)');
    expect(taxRateName('xero', 500, 'income')).toBe('5% (VAT on Income)');
  });

  it('QuickBooks names the standard and reduced rates by code', () => {
    expect(taxRateName('quickbooks', 2000, 'income')).toBe('20.0% S');
    expect(taxRateName('quickbooks', 500, 'expenses')).toBe('5.0% R');
    expect(taxRateName('quickbooks', 1750, 'income')).toBe('17.5%');
  });

  it('no VAT is "No VAT" in both', () => {
    expect(taxRateName('xero', 0, 'income')).toBe('No VAT');
    expect(taxRateName('quickbooks', 0, 'expenses')).toBe('No VAT');
  });
});
