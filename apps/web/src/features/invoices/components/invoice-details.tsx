import { formatVatRate, type InvoiceDetail, vatByRate } from '@app/shared';
import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ColumnHeads } from '../../../components/column-heads.tsx';
import {
  DetailDialog,
  DetailHeading,
  DetailSection,
  DoneNotice,
  PlainList,
} from '../../../components/detail-dialog.tsx';
import { readableErrors } from '../../../components/readable-styles.ts';
import { formatDay, formatMoney } from '../../../lib/format.ts';
import { Link } from '../../../lib/links.tsx';
import { paymentMethodLabels } from '../../../lib/payment-methods.ts';
import { invoicePdfUrl, invoiceQuery } from '../api.ts';
import { CreditNoteForm, DraftActions, EmailAction, PaymentForm, RefundForm } from './invoice-actions.tsx';
import { InvoiceStatusBadge } from './invoice-status-badge.tsx';
import { TotalsRow } from './totals-row.tsx';

/** One invoice in a dialog (full screen on a phone), opened by `?invoice=<id>`, with what may be done in its state. */
export function InvoiceDetails({
  invoiceId,
  onClose,
  onEdit,
  fullScreen,
}: {
  invoiceId: string | null;
  onClose: () => void;
  onEdit: (invoice: InvoiceDetail) => void;
  fullScreen: boolean;
}) {
  const detail = useQuery({ ...invoiceQuery(invoiceId ?? ''), enabled: invoiceId !== null });
  const title = detail.data
    ? detail.data.status === 'draft'
      ? 'Draft invoice'
      : `${detail.data.kind === 'credit_note' ? 'Credit note' : 'Invoice'} ${detail.data.label}`
    : 'Invoice';
  return (
    <DetailDialog
      query={detail}
      noun="invoice"
      opened={invoiceId !== null}
      onClose={onClose}
      title={title}
      size="xl"
      fullScreen={fullScreen}
    >
      {(invoice) => <InvoiceBody key={invoice.id} invoice={invoice} onEdit={onEdit} onDeleted={onClose} />}
    </DetailDialog>
  );
}

function InvoiceBody({
  invoice,
  onEdit,
  onDeleted,
}: {
  invoice: InvoiceDetail;
  onEdit: (invoice: InvoiceDetail) => void;
  onDeleted: () => void;
}) {
  const [done, setDone] = useState<string | null>(null);
  const isDraft = invoice.status === 'draft';
  const isInvoice = invoice.kind === 'invoice';
  const open = invoice.status === 'issued' || invoice.status === 'part_paid';
  const owedBack = invoice.status === 'void' ? -invoice.outstandingPence : 0;

  return (
    <Stack gap="md" style={readableErrors}>
      <Stack gap={4}>
        <DetailHeading
          name={invoice.billToName}
          badge={<InvoiceStatusBadge status={invoice.status} overdue={invoice.overdue} />}
        />
        {invoice.billToEmail && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {invoice.billToEmail}
          </Text>
        )}
        {invoice.billToAddress && (
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {invoice.billToAddress}
          </Text>
        )}
        {!isDraft && (
          <Text size="sm">
            Issued {formatDay(invoice.issueDate)}
            {invoice.dueDate ? ` · due ${formatDay(invoice.dueDate)}` : ''}
          </Text>
        )}
        {invoice.creditNoteId && (
          <Text size="sm">
            Cancelled by credit note{' '}
            <Anchor component={Link} to={`?invoice=${invoice.creditNoteId}`}>
              {invoice.creditNoteLabel}
            </Anchor>
          </Text>
        )}
        {invoice.creditsInvoiceId && (
          <Text size="sm">
            Cancels invoice{' '}
            <Anchor component={Link} to={`?invoice=${invoice.creditsInvoiceId}`}>
              {invoice.creditedInvoiceLabel}
            </Anchor>
          </Text>
        )}
      </Stack>

      {/* Narrow enough for a phone without sideways scrolling: the description wraps. */}
      <Table aria-label="Lines" verticalSpacing={4} horizontalSpacing={6} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <ColumnHeads
              names={['Description', 'Qty', 'Unit price', 'VAT', 'Amount']}
              alignRight={['Qty', 'Unit price', 'VAT', 'Amount']}
            />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoice.lines.map((line) => (
            <Table.Tr key={line.id}>
              <Table.Td>{line.description}</Table.Td>
              <Table.Td ta="right">{line.quantity}</Table.Td>
              <Table.Td ta="right">{formatMoney(line.unitPricePence)}</Table.Td>
              <Table.Td ta="right">{formatVatRate(line.vatRateBp)}</Table.Td>
              <Table.Td ta="right">{formatMoney(line.netPence)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>

      <InvoiceTotals invoice={invoice} owedBack={owedBack} />
      {invoice.notes && <Text size="sm">Notes: {invoice.notes}</Text>}

      <DoneNotice message={done} />

      <Group gap="xs">
        <Button component="a" href={invoicePdfUrl(invoice.id)} variant="default" download>
          {isDraft ? 'Preview PDF' : 'Download PDF'}
        </Button>
        {isDraft && (
          <Button variant="default" onClick={() => onEdit(invoice)}>
            Edit
          </Button>
        )}
      </Group>

      {isDraft && <DraftActions invoice={invoice} onDone={setDone} onDeleted={onDeleted} />}
      {!isDraft && invoice.status !== 'void' && <EmailAction invoice={invoice} onDone={setDone} />}
      {open && isInvoice && <PaymentForm invoice={invoice} onDone={setDone} />}
      {!isDraft && isInvoice && invoice.status !== 'void' && <CreditNoteForm invoice={invoice} onDone={setDone} />}
      {invoice.status === 'void' && owedBack > 0 && (
        <RefundForm invoice={invoice} owedBack={owedBack} onDone={setDone} />
      )}

      {invoice.payments.length > 0 && (
        <DetailSection title="Payments">
          <PlainList>
            {invoice.payments.map((payment) => (
              <Text component="li" size="sm" key={payment.id}>
                {payment.kind === 'refund' ? 'Refund of ' : ''}
                {formatMoney(payment.amountPence)} by {paymentMethodLabels[payment.method]} on{' '}
                {new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' }).format(new Date(payment.paidAt))}
                {payment.note ? ` — ${payment.note}` : ''}
              </Text>
            ))}
          </PlainList>
        </DetailSection>
      )}
    </Stack>
  );
}

/** Subtotal, VAT by rate and total; for an issued invoice, what was paid and what is still due (or owed back). */
function InvoiceTotals({ invoice, owedBack }: { invoice: InvoiceDetail; owedBack: number }) {
  const isDraft = invoice.status === 'draft';
  const isInvoice = invoice.kind === 'invoice';
  return (
    <Table w="auto" aria-label="Totals" style={{ alignSelf: 'flex-end' }} verticalSpacing={2}>
      <Table.Tbody>
        <TotalsRow label="Subtotal" pence={invoice.subtotalPence} />
        {vatByRate(invoice.lines).map((rate) => (
          <TotalsRow key={rate.vatRateBp} label={`VAT at ${formatVatRate(rate.vatRateBp)}`} pence={rate.vatPence} />
        ))}
        <TotalsRow label="Total" pence={invoice.totalPence} strong />
        {isInvoice && !isDraft && (
          <>
            <TotalsRow label="Paid" pence={invoice.amountPaidPence} />
            {invoice.refundedPence > 0 && <TotalsRow label="Refunded" pence={invoice.refundedPence} />}
            <TotalsRow
              label={invoice.status === 'void' ? 'Owed back to the client' : 'Amount due'}
              pence={invoice.status === 'void' ? owedBack : invoice.outstandingPence}
              strong
            />
          </>
        )}
      </Table.Tbody>
    </Table>
  );
}
