import {
  formatVatRate,
  type InvoiceDetail,
  invoicePaymentInput,
  invoiceRefundInput,
  paymentMethods,
  vatByRate,
} from '@app/shared';
import {
  Alert,
  Anchor,
  Button,
  Divider,
  Group,
  Loader,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { AppModal } from '../../../components/app-modal.tsx';
import { NoteField } from '../../../components/note-field.tsx';
import { readableErrors } from '../../../components/readable-styles.ts';
import { usePublicConfig } from '../../../lib/config/api.ts';
import { formatDay, formatMoney } from '../../../lib/format.ts';
import { Link } from '../../../lib/links.tsx';
import { penceOf } from '../../../lib/money-input.ts';
import { fromWallClock, todayIn } from '../../../lib/zoned-time.ts';
import {
  invoicePdfUrl,
  invoiceQuery,
  useCreditNote,
  useDeleteInvoice,
  useInvoicePayment,
  useInvoiceRefund,
  useIssueInvoice,
  useSendInvoice,
} from '../api.ts';
import { InvoiceStatusBadge } from './invoice-status-badge.tsx';

const readableTitle = { title: { color: 'var(--mantine-color-text)' } };
const methodLabels: Record<(typeof paymentMethods)[number], string> = {
  cash: 'Cash',
  card: 'Card',
  bank_transfer: 'Bank transfer',
};
const methodOptions = paymentMethods.map((value) => ({ value, label: methodLabels[value] }));

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6} component="section" aria-label={title}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

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
    <AppModal opened={invoiceId !== null} onClose={onClose} title={title} size="xl" fullScreen={fullScreen}>
      {detail.isPending ? (
        <Loader aria-label="Loading the invoice" />
      ) : detail.isError ? (
        <Alert color="red" title="The invoice could not be loaded" role="alert" styles={readableTitle}>
          {detail.error.message}
        </Alert>
      ) : (
        <InvoiceBody key={detail.data.id} invoice={detail.data} onEdit={onEdit} onDeleted={onClose} />
      )}
    </AppModal>
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
        <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={700} size="lg">
            {invoice.billToName}
          </Text>
          <InvoiceStatusBadge status={invoice.status} overdue={invoice.overdue} />
        </Group>
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
            <Table.Th scope="col">Description</Table.Th>
            <Table.Th scope="col" ta="right">
              Qty
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Unit price
            </Table.Th>
            <Table.Th scope="col" ta="right">
              VAT
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Amount
            </Table.Th>
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

      <Table w="auto" aria-label="Totals" style={{ alignSelf: 'flex-end' }} verticalSpacing={2}>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row">Subtotal</Table.Th>
            <Table.Td ta="right">{formatMoney(invoice.subtotalPence)}</Table.Td>
          </Table.Tr>
          {vatByRate(invoice.lines).map((rate) => (
            <Table.Tr key={rate.vatRateBp}>
              <Table.Th scope="row">VAT at {formatVatRate(rate.vatRateBp)}</Table.Th>
              <Table.Td ta="right">{formatMoney(rate.vatPence)}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Th scope="row">Total</Table.Th>
            <Table.Td ta="right" fw={700}>
              {formatMoney(invoice.totalPence)}
            </Table.Td>
          </Table.Tr>
          {isInvoice && !isDraft && (
            <>
              <Table.Tr>
                <Table.Th scope="row">Paid</Table.Th>
                <Table.Td ta="right">{formatMoney(invoice.amountPaidPence)}</Table.Td>
              </Table.Tr>
              {invoice.refundedPence > 0 && (
                <Table.Tr>
                  <Table.Th scope="row">Refunded</Table.Th>
                  <Table.Td ta="right">{formatMoney(invoice.refundedPence)}</Table.Td>
                </Table.Tr>
              )}
              <Table.Tr>
                <Table.Th scope="row">{invoice.status === 'void' ? 'Owed back to the client' : 'Amount due'}</Table.Th>
                <Table.Td ta="right" fw={700}>
                  {formatMoney(invoice.status === 'void' ? owedBack : invoice.outstandingPence)}
                </Table.Td>
              </Table.Tr>
            </>
          )}
        </Table.Tbody>
      </Table>
      {invoice.notes && <Text size="sm">Notes: {invoice.notes}</Text>}

      <div role="status">
        {done && (
          <Alert color="teal" title="Done" styles={readableTitle}>
            {done}
          </Alert>
        )}
      </div>

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
        <Section title="Payments">
          <Stack gap={2} component="ul" style={{ margin: 0, paddingLeft: 18 }}>
            {invoice.payments.map((payment) => (
              <Text component="li" size="sm" key={payment.id}>
                {payment.kind === 'refund' ? 'Refund of ' : ''}
                {formatMoney(payment.amountPence)} by {methodLabels[payment.method]} on{' '}
                {new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' }).format(new Date(payment.paidAt))}
                {payment.note ? ` — ${payment.note}` : ''}
              </Text>
            ))}
          </Stack>
        </Section>
      )}
    </Stack>
  );
}

/**
 * The actions report through the promise, not `mutate`'s per-call callbacks: those are dropped when the form has
 * unmounted, and a paid or issued invoice refetched first removes the very form that acted.
 */
function ignoreShownError() {
  // The failed mutation's own `error` is on screen in its form.
}

type ActionProps = { invoice: InvoiceDetail; onDone: (message: string | null) => void };

function ErrorAlert({ error }: { error: Error | null }) {
  if (!error) return null;
  return (
    <Alert color="red" title="That did not work" role="alert" styles={readableTitle}>
      {error.message}
    </Alert>
  );
}

function DraftActions({ invoice, onDone, onDeleted }: ActionProps & { onDeleted: () => void }) {
  const issue = useIssueInvoice(invoice.id);
  const remove = useDeleteInvoice(invoice.id);
  const [issueDate, setIssueDate] = useState('');
  const [confirmDelete, setConfirmDelete] = useState(false);
  return (
    <Section title="Issue">
      <Text size="sm">
        Issuing gives the invoice its number; after that it cannot be changed, only cancelled by a credit note.
      </Text>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          type="date"
          label="Issue date"
          description="Empty for today"
          styles={{ description: { color: 'var(--app-muted)' } }}
          value={issueDate}
          onChange={(event) => setIssueDate(event.currentTarget.value)}
          w={180}
        />
        <Button
          loading={issue.isPending}
          onClick={() => {
            onDone(null);
            issue
              .mutateAsync(issueDate ? { issueDate } : {})
              .then((issued) => onDone(`Issued as ${issued.label}.`), ignoreShownError);
          }}
        >
          Issue invoice
        </Button>
      </Group>
      <ErrorAlert error={issue.error} />
      <Divider />
      {confirmDelete ? (
        <Group gap="xs">
          <Text size="sm">Delete this draft for good?</Text>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() => remove.mutateAsync().then(onDeleted, ignoreShownError)}
          >
            Yes, delete it
          </Button>
          <Button variant="default" onClick={() => setConfirmDelete(false)}>
            Keep it
          </Button>
        </Group>
      ) : (
        <Group>
          <Button
            variant="light"
            color="red"
            style={{ '--button-color': 'var(--app-danger-text)' }}
            onClick={() => setConfirmDelete(true)}
          >
            Delete draft
          </Button>
        </Group>
      )}
      <ErrorAlert error={remove.error} />
    </Section>
  );
}

function EmailAction({ invoice, onDone }: ActionProps) {
  const send = useSendInvoice(invoice.id);
  const emailEnabled = usePublicConfig().data?.emailEnabled ?? true;
  return (
    <Section title="Email">
      {invoice.billToEmail ? (
        <>
          <Group>
            <Button
              variant="default"
              loading={send.isPending}
              onClick={() => {
                onDone(null);
                send
                  .mutateAsync()
                  .then(
                    (sent) =>
                      onDone(
                        emailEnabled
                          ? `Emailed to ${sent.to}, with the PDF attached.`
                          : `Recorded; ${sent.to} was not emailed: no mail server is set up, the email is kept in Emails.`,
                      ),
                    ignoreShownError,
                  );
              }}
            >
              Email to client
            </Button>
          </Group>
          <ErrorAlert error={send.error} />
        </>
      ) : (
        <Text size="sm">There is no email address on this invoice: download the PDF and send it yourself.</Text>
      )}
    </Section>
  );
}

function PaymentForm({ invoice, onDone }: ActionProps) {
  const pay = useInvoicePayment(invoice.id);
  const [amount, setAmount] = useState<number | string>(invoice.outstandingPence / 100);
  const [method, setMethod] = useState<string | null>('bank_transfer');
  const [note, setNote] = useState('');
  // Empty means today; an older payment (a cheque banked last week) keeps its own date in the books.
  const [paidOn, setPaidOn] = useState('');
  const timeZone = usePublicConfig().data?.timeZone ?? 'Europe/London';
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const paidAt = paidOn ? fromWallClock(new Date(`${paidOn}T12:00:00Z`), timeZone).toISOString() : undefined;
    const parsed = invoicePaymentInput.safeParse({ amountPence: penceOf(amount) ?? 0, method, note, paidAt });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the payment');
    if (parsed.data.amountPence > invoice.outstandingPence)
      return setError(`Only ${formatMoney(invoice.outstandingPence)} is outstanding`);
    setError(null);
    onDone(null);
    pay
      .mutateAsync(parsed.data)
      .then(
        (paid) =>
          onDone(
            `Payment of ${formatMoney(parsed.data.amountPence)} recorded.${paid.status === 'paid' ? ' The invoice is paid.' : ''}`,
          ),
        ignoreShownError,
      );
  };
  return (
    <Section title="Record a payment">
      <Text size="sm">The full amount due is filled in; change it for a part payment.</Text>
      <Group gap="xs" align="flex-start" wrap="wrap">
        <NumberInput
          label="Amount (£)"
          value={amount}
          onChange={setAmount}
          min={0}
          decimalScale={2}
          w={130}
          error={error}
        />
        <Select label="Method" data={methodOptions} value={method} onChange={setMethod} allowDeselect={false} w={160} />
        <TextInput
          type="date"
          label="Paid on"
          value={paidOn}
          max={todayIn(timeZone)}
          onChange={(event) => setPaidOn(event.currentTarget.value)}
          w={160}
        />
        <TextInput
          label="Note"
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          style={{ flex: 1, minWidth: 140 }}
          maxLength={500}
        />
      </Group>
      <Group>
        <Button onClick={submit} loading={pay.isPending}>
          Record payment
        </Button>
      </Group>
      <ErrorAlert error={pay.error} />
    </Section>
  );
}

function CreditNoteForm({ invoice, onDone }: ActionProps) {
  const credit = useCreditNote(invoice.id);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <Section title="Cancel with a credit note">
      <Text size="sm">
        A credit note with its own number cancels this invoice in full.
        {invoice.amountPaidPence > 0 ? ' What was paid is then owed back to the client, to refund.' : ''}
      </Text>
      <NoteField label="Reason" value={reason} onChange={setReason} maxLength={500} error={error} />
      <Group>
        <Button
          variant="light"
          color="red"
          style={{ '--button-color': 'var(--app-danger-text)' }}
          loading={credit.isPending}
          onClick={() => {
            if (!reason.trim()) return setError('Say why the invoice is cancelled');
            setError(null);
            onDone(null);
            credit
              .mutateAsync({ reason })
              .then((note) => onDone(`Credit note ${note.label} issued.`), ignoreShownError);
          }}
        >
          Issue credit note
        </Button>
      </Group>
      <ErrorAlert error={credit.error} />
    </Section>
  );
}

function RefundForm({ invoice, owedBack, onDone }: ActionProps & { owedBack: number }) {
  const refund = useInvoiceRefund(invoice.id);
  const [amount, setAmount] = useState<number | string>(owedBack / 100);
  const [method, setMethod] = useState<string | null>('bank_transfer');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const parsed = invoiceRefundInput.safeParse({ amountPence: penceOf(amount) ?? 0, method });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the refund');
    if (parsed.data.amountPence > owedBack) return setError(`At most ${formatMoney(owedBack)} can be refunded`);
    setError(null);
    onDone(null);
    refund
      .mutateAsync(parsed.data)
      .then(() => onDone(`Refund of ${formatMoney(parsed.data.amountPence)} recorded.`), ignoreShownError);
  };
  return (
    <Section title="Refund">
      <Text size="sm">{formatMoney(owedBack)} paid on this cancelled invoice is owed back to the client.</Text>
      <Group gap="xs" align="flex-start" wrap="wrap">
        <NumberInput
          label="Refund (£)"
          value={amount}
          onChange={setAmount}
          min={0}
          decimalScale={2}
          w={130}
          error={error}
        />
        <Select
          label="Refund method"
          data={methodOptions}
          value={method}
          onChange={setMethod}
          allowDeselect={false}
          w={160}
        />
      </Group>
      <Group>
        <Button onClick={submit} loading={refund.isPending}>
          Record refund
        </Button>
      </Group>
      <ErrorAlert error={refund.error} />
    </Section>
  );
}
