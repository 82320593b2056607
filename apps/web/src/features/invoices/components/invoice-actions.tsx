import { type InvoiceDetail, invoicePaymentInput, invoiceRefundInput } from '@app/shared';
import { Button, Divider, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { ActionFailed, AmountField, DetailSection, dangerStyle } from '../../../components/detail-dialog.tsx';
import { NoteField } from '../../../components/note-field.tsx';
import { PaymentMethodSelect } from '../../../components/payment-method-select.tsx';
import { readableDescription } from '../../../components/readable-styles.ts';
import { TextField } from '../../../components/text-field.tsx';
import { usePublicConfig } from '../../../lib/config/api.ts';
import { formatMoney } from '../../../lib/format.ts';
import { penceOf } from '../../../lib/money-input.ts';
import { ignoreShownError } from '../../../lib/mutations.ts';
import { fromWallClock, todayIn } from '../../../lib/zoned-time.ts';
import {
  useCreditNote,
  useDeleteInvoice,
  useInvoicePayment,
  useInvoiceRefund,
  useIssueInvoice,
  useSendInvoice,
} from '../api.ts';

// What may be done to an invoice in its state. Each action says what it did through `onDone`, shown by the dialog.

type ActionProps = { invoice: InvoiceDetail; onDone: (message: string | null) => void };

export function DraftActions({ invoice, onDone, onDeleted }: ActionProps & { onDeleted: () => void }) {
  const issue = useIssueInvoice(invoice.id);
  const remove = useDeleteInvoice(invoice.id);
  const [issueDate, setIssueDate] = useState('');
  const [confirmDelete, setConfirmDelete] = useState(false);
  return (
    <DetailSection title="Issue">
      <Text size="sm">
        Issuing gives the invoice its number; after that it cannot be changed, only cancelled by a credit note.
      </Text>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextField
          type="date"
          label="Issue date"
          description="Empty for today"
          styles={readableDescription}
          value={issueDate}
          onChange={setIssueDate}
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
      <ActionFailed error={issue.error} />
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
          <Button variant="light" color="red" style={dangerStyle} onClick={() => setConfirmDelete(true)}>
            Delete draft
          </Button>
        </Group>
      )}
      <ActionFailed error={remove.error} />
    </DetailSection>
  );
}

export function EmailAction({ invoice, onDone }: ActionProps) {
  const send = useSendInvoice(invoice.id);
  const emailEnabled = usePublicConfig().data?.emailEnabled ?? true;
  return (
    <DetailSection title="Email">
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
          <ActionFailed error={send.error} />
        </>
      ) : (
        <Text size="sm">There is no email address on this invoice: download the PDF and send it yourself.</Text>
      )}
    </DetailSection>
  );
}

export function PaymentForm({ invoice, onDone }: ActionProps) {
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
    <DetailSection title="Record a payment">
      <Text size="sm">The full amount due is filled in; change it for a part payment.</Text>
      <Group gap="xs" align="flex-start" wrap="wrap">
        <AmountField label="Amount (£)" value={amount} onChange={setAmount} w={130} error={error} />
        <PaymentMethodSelect label="Method" value={method} onChange={setMethod} w={160} />
        <TextField type="date" label="Paid on" value={paidOn} max={todayIn(timeZone)} onChange={setPaidOn} w={160} />
        <TextField label="Note" value={note} onChange={setNote} style={{ flex: 1, minWidth: 140 }} maxLength={500} />
      </Group>
      <Group>
        <Button onClick={submit} loading={pay.isPending}>
          Record payment
        </Button>
      </Group>
      <ActionFailed error={pay.error} />
    </DetailSection>
  );
}

export function CreditNoteForm({ invoice, onDone }: ActionProps) {
  const credit = useCreditNote(invoice.id);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <DetailSection title="Cancel with a credit note">
      <Text size="sm">
        A credit note with its own number cancels this invoice in full.
        {invoice.amountPaidPence > 0 ? ' What was paid is then owed back to the client, to refund.' : ''}
      </Text>
      <NoteField label="Reason" value={reason} onChange={setReason} maxLength={500} error={error} />
      <Group>
        <Button
          variant="light"
          color="red"
          style={dangerStyle}
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
      <ActionFailed error={credit.error} />
    </DetailSection>
  );
}

export function RefundForm({ invoice, owedBack, onDone }: ActionProps & { owedBack: number }) {
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
    <DetailSection title="Refund">
      <Text size="sm">{formatMoney(owedBack)} paid on this cancelled invoice is owed back to the client.</Text>
      <Group gap="xs" align="flex-start" wrap="wrap">
        <AmountField label="Refund (£)" value={amount} onChange={setAmount} w={130} error={error} />
        <PaymentMethodSelect label="Refund method" value={method} onChange={setMethod} w={160} />
      </Group>
      <Group>
        <Button onClick={submit} loading={refund.isPending}>
          Record refund
        </Button>
      </Group>
      <ActionFailed error={refund.error} />
    </DetailSection>
  );
}
