// Schemas of the accountant's exports: the books of a period as the CSV files that Xero,
// QuickBooks and FreeAgent import, and a year-end pack as one zip.
import { z } from 'zod';
import { periodFields, periodRule } from './fields.ts';
import { MAX_REPORT_YEARS } from './finances.ts';
import { labelledValues } from './labelled.ts';

export const [exportProducts, exportProductNames] = labelledValues({
  xero: 'Xero',
  quickbooks: 'QuickBooks',
  freeagent: 'FreeAgent',
});
export type ExportProduct = (typeof exportProducts)[number];

/** What is exported: every journal entry, the invoices and credit notes issued, or the expenses. */
export const [exportKinds, exportKindNames] = labelledValues({
  journal: 'Journal',
  sales: 'Sales',
  expenses: 'Expenses',
});
export type ExportKind = (typeof exportKinds)[number];

const checkPeriod = periodRule(MAX_REPORT_YEARS, `An export covers at most ${MAX_REPORT_YEARS} years`);

export const exportQuery = z
  .strictObject({
    ...periodFields,
    product: z.enum(exportProducts, { error: 'Choose Xero, QuickBooks or FreeAgent' }),
    kind: z.enum(exportKinds, { error: 'Choose the journal, sales or expenses' }),
  })
  .superRefine(checkPeriod);
export type ExportQuery = z.input<typeof exportQuery>;

export const yearEndPackQuery = z.strictObject(periodFields).superRefine(checkPeriod);
export type YearEndPackQuery = z.input<typeof yearEndPackQuery>;
