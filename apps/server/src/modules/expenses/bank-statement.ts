import { createHash } from 'node:crypto';
import { AppError } from '@app/shared';
import Papa from 'papaparse';

/**
 * Reading a bank statement export, with no I/O: UK banks name their columns differently, so the header
 * row is recognised by the names it contains rather than by one fixed layout.
 */
export type StatementLine = {
  /** 1-based line number in the file, for messages the owner can find. */
  line: number;
  date: string;
  description: string;
  /** Money out is positive; money in is negative. */
  outPence: number;
};

export type ParsedStatement = {
  format: string;
  lines: StatementLine[];
  unreadable: { line: number; reason: string }[];
};

const dateHeaders = ['date', 'transaction date', 'posting date', 'posted date', 'completed date', 'value date'];
const descriptionHeaders = [
  'counter party',
  'counterparty',
  'name',
  'payee',
  'merchant',
  'description',
  'transaction description',
  'details',
  'narrative',
  'memo',
  'reference',
];
const amountHeaders = ['amount', 'amount gbp', 'value', 'transaction amount', 'amount £'];
const outHeaders = ['paid out', 'money out', 'debit amount', 'debit', 'out', 'withdrawals', 'spent'];
const inHeaders = ['paid in', 'money in', 'credit amount', 'credit', 'in', 'deposits', 'received'];

export const EXPECTED_COLUMNS_MESSAGE =
  'This file is not a bank statement export we recognise. It needs a header row with a Date column, a ' +
  'Description (or Counter Party, Name, Payee) column, and either an Amount column (negative for money out) ' +
  'or Paid out and Paid in columns.';

/** "Amount (GBP)" and "Amount £" both read as "amount gbp"/"amount £": case, brackets and spacing do not matter. */
function normaliseHeader(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .toLowerCase()
    .replace(/[()[\]_.:]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

type Layout = {
  date: number;
  description: number;
  /** A second description column (e.g. Reference beside Counter Party) is not used for the supplier. */
  amount: number | null;
  out: number | null;
  in: number | null;
  format: string;
};

function findColumn(headers: string[], names: string[]): number | null {
  for (const name of names) {
    const index = headers.indexOf(name);
    if (index >= 0) return index;
  }
  return null;
}

function layoutOf(row: string[]): Layout | null {
  const headers = row.map(normaliseHeader);
  const date = findColumn(headers, dateHeaders);
  const description = findColumn(headers, descriptionHeaders);
  if (date === null || description === null) return null;
  const out = findColumn(headers, outHeaders);
  const inColumn = findColumn(headers, inHeaders);
  const amount = findColumn(headers, amountHeaders);
  const label = (index: number | null) => (index === null ? '' : (row[index] ?? '').replace(/^\uFEFF/, '').trim());
  if (out !== null)
    return {
      date,
      description,
      amount: null,
      out,
      in: inColumn,
      format: [label(date), label(description), label(out), label(inColumn)].filter(Boolean).join(', '),
    };
  if (amount === null) return null;
  return {
    date,
    description,
    amount,
    out: null,
    in: null,
    format: [label(date), label(description), label(amount)].join(', '),
  };
}

const months: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};

function validDate(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2999 || month < 1 || month > 12 || day < 1) return null;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > last) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** UK statements write DD/MM/YYYY; ISO dates (with or without a time) and "3 Mar 2026" are read too. */
export function parseStatementDate(text: string): string | null {
  const value = text.trim();
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(value);
  if (match) return validDate(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})(?:\s.*)?$/.exec(value);
  if (match) {
    const year = match[3]?.length === 2 ? 2000 + Number(match[3]) : Number(match[3]);
    return validDate(year, Number(match[2]), Number(match[1]));
  }
  match = /^(\d{1,2})[\s-]([a-z]{3})[a-z]*[\s-](\d{2}|\d{4})$/i.exec(value);
  if (match) {
    const month = months[(match[2] ?? '').toLowerCase()];
    const year = match[3]?.length === 2 ? 2000 + Number(match[3]) : Number(match[3]);
    return month ? validDate(year, month, Number(match[1])) : null;
  }
  return null;
}

/**
 * "£1,234.50", "-12.3", "(12.30)" and "12.30 DR" to whole pence, by string arithmetic (no floating point).
 * Null when the text is not an amount; zero for an empty cell.
 */
export function parseStatementAmount(text: string): number | null {
  let value = text.trim().replace(/[£,\s]/g, '');
  if (value === '' || value === '-') return 0;
  let negative = false;
  if (/^\(.*\)$/.test(value)) {
    negative = true;
    value = value.slice(1, -1);
  }
  if (/dr$/i.test(value)) {
    negative = true;
    value = value.slice(0, -2);
  } else if (/cr$/i.test(value)) value = value.slice(0, -2);
  if (value.startsWith('-')) {
    negative = !negative;
    value = value.slice(1);
  } else if (value.startsWith('+')) value = value.slice(1);
  value = value.replace(/^£/, '');
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return null;
  const pence = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return negative ? -pence : pence;
}

export function normaliseDescription(description: string): string {
  return description.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The fingerprint of a statement line; the nth identical line of one file (n ≥ 2) carries its number. */
export function importKeyOf(date: string, amountPence: number, description: string, occurrence = 1): string {
  const parts = [date, String(amountPence), normaliseDescription(description)];
  if (occurrence > 1) parts.push(String(occurrence));
  return createHash('sha256').update(parts.join('|')).digest('hex');
}

const HEADER_SEARCH_ROWS = 20;

export function parseBankStatement(csv: string): ParsedStatement {
  const parsed = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { skipEmptyLines: false });
  const rows = parsed.data;
  // Some banks put the account name and period above the header row.
  let headerIndex = -1;
  let layout: Layout | null = null;
  for (let index = 0; index < Math.min(rows.length, HEADER_SEARCH_ROWS); index++) {
    layout = layoutOf(rows[index] ?? []);
    if (layout) {
      headerIndex = index;
      break;
    }
  }
  if (!layout) throw new AppError('VALIDATION', EXPECTED_COLUMNS_MESSAGE);

  const lines: StatementLine[] = [];
  const unreadable: ParsedStatement['unreadable'] = [];
  for (let index = headerIndex + 1; index < rows.length; index++) {
    const row = rows[index] ?? [];
    const line = index + 1;
    if (row.every((cell) => cell.trim() === '')) continue;
    const cell = (column: number | null) => (column === null ? '' : (row[column] ?? ''));
    const date = parseStatementDate(cell(layout.date));
    if (!date) {
      unreadable.push({ line, reason: `the date “${cell(layout.date).trim()}” is not one we can read` });
      continue;
    }
    const description = cell(layout.description).replace(/\s+/g, ' ').trim();
    if (!description) {
      unreadable.push({ line, reason: 'it has no description' });
      continue;
    }
    let outPence: number | null;
    if (layout.amount !== null) {
      const amount = parseStatementAmount(cell(layout.amount));
      outPence = amount === null ? null : -amount;
    } else {
      const out = parseStatementAmount(cell(layout.out));
      const received = parseStatementAmount(cell(layout.in));
      // Some banks write money out as a negative number even in a "Paid out" column.
      outPence = out === null || received === null ? null : Math.abs(out) - Math.abs(received);
    }
    if (outPence === null) {
      unreadable.push({ line, reason: 'its amount is not a number' });
      continue;
    }
    lines.push({ line, date, description, outPence });
  }
  return { format: layout.format, lines, unreadable };
}

/** Keyword rules for a supplier never seen before, by category name; the first that matches wins. */
const keywordRules: { pattern: RegExp; category: string }[] = [
  { pattern: /\b(laundry|launderette|laundrette|dry ?clean\w*)\b/i, category: 'laundry' },
  {
    pattern: /\b(uber|tfl|train\w*|rail\w*|taxi|cab|bus|parking|petrol|fuel|bolt|addison lee|oyster)\b/i,
    category: 'travel',
  },
  {
    pattern: /\b(facebook|fb|google ads|googleads|adwords|instagram|meta|tiktok|advert\w*|flyer\w*)\b/i,
    category: 'advertising',
  },
  { pattern: /\b(rent|landlord|room hire|studio hire)\b/i, category: 'rent' },
  { pattern: /\b(oils?|lotions?|towels?|massage supplies|wax)\b/i, category: 'oils and supplies' },
  { pattern: /\b(couch|table|equipment|argos|ikea)\b/i, category: 'equipment' },
  {
    pattern: /\b(ee|vodafone|o2|three|giffgaff|bt|virgin media|broadband|electric\w*|gas|water|octopus)\b/i,
    category: 'utilities and phone',
  },
  { pattern: /\b(insurance|insure|fee|fees|charge|charges|subscription)\b/i, category: 'insurance and fees' },
  { pattern: /\b(course|training|cpd|workshop|seminar)\b/i, category: 'training' },
];

export function keywordCategoryName(description: string): string | null {
  for (const rule of keywordRules) if (rule.pattern.test(description)) return rule.category;
  return null;
}
