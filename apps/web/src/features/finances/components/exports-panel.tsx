import {
  type ExportKind,
  type ExportProduct,
  exportKindNames,
  exportKinds,
  exportProductNames,
  exportProducts,
} from '@app/shared';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { LabelledSegmentedControl } from '../../../components/labelled-segmented-control.tsx';
import type { DateRange } from '../api.ts';

/** Served as attachments: a plain link downloads each with the owner's session cookie. */
const exportUrl = (range: DateRange, product: ExportProduct, kind: ExportKind) =>
  `/api/admin/exports/csv?${new URLSearchParams({ ...range, product, kind })}`;
const packUrl = (range: DateRange) => `/api/admin/exports/year-end-pack?${new URLSearchParams(range)}`;

/** What each product is given, in its own words: FreeAgent imports bank statements only. */
const productNotes: Record<ExportProduct, string> = {
  xero: 'The journal as Xero’s manual journal import, sales as its sales invoice import and expenses as its bill import.',
  quickbooks:
    'The journal as QuickBooks’ journal entry import (turn account numbers off first: it matches account names), sales as its invoice import and expenses as bank transactions.',
  freeagent:
    'FreeAgent imports bank statements, so each file is one: the journal as the bank account’s money in and out, sales as each invoice’s total and expenses as money out.',
};

const kindNotes: Record<ExportKind, string> = {
  journal: 'every journal entry of the period',
  sales: 'the invoices and credit notes issued',
  expenses: 'the expenses recorded',
};

/**
 * The accountant's exports: for the period chosen above, the journal, sales and expenses as the CSV files
 * Xero, QuickBooks or FreeAgent import, and the year-end pack (reports, VAT, invoices and receipts) as one zip.
 */
export function ExportsPanel({
  range,
  ok,
  product,
  onProduct,
}: {
  range: DateRange;
  ok: boolean;
  product: ExportProduct;
  onProduct: (product: ExportProduct) => void;
}) {
  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          For the accounting software
        </Title>
        <LabelledSegmentedControl
          label="Accounting software"
          value={product}
          data={exportProducts.map((value) => ({ value, label: exportProductNames[value] }))}
          onChange={(value) => onProduct(value as ExportProduct)}
          style={{ alignSelf: 'flex-start' }}
        />
        <Text size="sm">{productNotes[product]}</Text>
        <Group gap="sm">
          {exportKinds.map((kind) => (
            <Button
              key={kind}
              component="a"
              href={ok ? exportUrl(range, product, kind) : undefined}
              download
              variant="light"
              disabled={!ok}
              title={`${exportKindNames[kind]}: ${kindNotes[kind]}`}
            >
              Download {exportKindNames[kind].toLowerCase()} for {exportProductNames[product]}
            </Button>
          ))}
        </Group>
      </Stack>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Year-end pack
        </Title>
        <Text size="sm">
          One zip for the accountant: trial balance, profit and loss, balance sheet, VAT for each quarter, the journal,
          every invoice and credit note as a PDF, and the receipts kept with the expenses.
        </Text>
        <Button
          component="a"
          href={ok ? packUrl(range) : undefined}
          download
          disabled={!ok}
          style={{ alignSelf: 'flex-start' }}
        >
          Download year-end pack
        </Button>
      </Stack>
    </Stack>
  );
}
