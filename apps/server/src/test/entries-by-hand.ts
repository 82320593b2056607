import type { EntryDraft, LineDraft } from '../modules/ledger/postings.ts';

// The pieces of a journal entry written out by hand, for the tests that state each event's whole entry from the chart
// of accounts (postings-by-event, course-postings-by-event).

export const posting = { date: '2026-03-01', description: 'What the journal shows' };

/** A debit line of `pence` to the account. */
export const dr = (accountCode: string, pence: number, extra: Partial<LineDraft> = {}) => ({
  accountCode,
  debitPence: pence,
  creditPence: 0,
  ...extra,
});

/** A credit line of `pence` to the account. */
export const cr = (accountCode: string, pence: number, extra: Partial<LineDraft> = {}) => ({
  accountCode,
  debitPence: 0,
  creditPence: pence,
  ...extra,
});

/** The whole entry `posting` makes for a source. */
export const of = (sourceType: EntryDraft['sourceType'], sourceId: string | null, lines: object[]) => ({
  ...posting,
  sourceType,
  sourceId,
  lines,
});
