import type { InvoiceSummary } from '@app/shared';
import { Anchor, Table, Text } from '@mantine/core';
import { ColumnHeads } from '../../../components/column-heads.tsx';
import { CardList, ListCard, ListTable } from '../../../components/list-table.tsx';
import { formatDay, formatMoney } from '../../../lib/format.ts';
import { Link } from '../../../lib/links.tsx';
import { InvoiceStatusBadge } from './invoice-status-badge.tsx';

const linkTo = (invoice: InvoiceSummary) => `?invoice=${encodeURIComponent(invoice.id)}`;
const nameOf = (invoice: InvoiceSummary) =>
  invoice.status === 'draft' ? 'Draft' : `${invoice.kind === 'credit_note' ? 'Credit note ' : ''}${invoice.label}`;
const dueOf = (invoice: InvoiceSummary) =>
  invoice.kind === 'credit_note'
    ? '—'
    : formatMoney(Math.max(0, invoice.status === 'void' ? 0 : invoice.outstandingPence));

/** The desktop view: one row per invoice; the number opens it. */
export function InvoiceTable({ invoices }: { invoices: InvoiceSummary[] }) {
  return (
    <ListTable
      minWidth={760}
      highlightOnHover
      aria-label="Invoices"
      head={
        <ColumnHeads
          names={['Number', 'Client', 'Issued', 'Due', 'Total', 'Amount due', 'Status']}
          alignRight={['Total', 'Amount due']}
        />
      }
    >
      {invoices.map((invoice) => (
        <Table.Tr key={invoice.id}>
          <Table.Td>
            <Anchor component={Link} to={linkTo(invoice)} fw={600}>
              {nameOf(invoice)}
            </Anchor>
          </Table.Td>
          <Table.Td>{invoice.billToName}</Table.Td>
          <Table.Td>{formatDay(invoice.issueDate)}</Table.Td>
          <Table.Td>{formatDay(invoice.dueDate)}</Table.Td>
          <Table.Td ta="right">{formatMoney(invoice.totalPence)}</Table.Td>
          <Table.Td ta="right">{dueOf(invoice)}</Table.Td>
          <Table.Td>
            <InvoiceStatusBadge status={invoice.status} overdue={invoice.overdue} />
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}

/** The phone view: a card per invoice with the same facts. */
export function InvoiceCards({ invoices }: { invoices: InvoiceSummary[] }) {
  return (
    <CardList aria-label="Invoices">
      {invoices.map((invoice) => (
        <ListCard
          key={invoice.id}
          title={
            <Anchor component={Link} to={linkTo(invoice)} fw={600}>
              {nameOf(invoice)}
            </Anchor>
          }
          aside={<InvoiceStatusBadge status={invoice.status} overdue={invoice.overdue} />}
        >
          <Text size="sm">{invoice.billToName}</Text>
          <Text size="sm">
            {formatMoney(invoice.totalPence)}
            {invoice.issueDate ? ` · issued ${formatDay(invoice.issueDate)}` : ''}
            {invoice.kind === 'invoice' && (invoice.status === 'issued' || invoice.status === 'part_paid')
              ? ` · due ${dueOf(invoice)} by ${formatDay(invoice.dueDate)}`
              : ''}
          </Text>
        </ListCard>
      ))}
    </CardList>
  );
}
