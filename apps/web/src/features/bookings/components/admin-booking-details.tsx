import { paymentMethods, recordPaymentInput } from '@app/shared';
import {
  Alert,
  Button,
  Divider,
  Group,
  Loader,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { AppModal } from '../../../components/app-modal.tsx';
import { formatDuration, formatPrice } from '../../../lib/format.ts';
import { type AdminBookingDetail, adminBookingQuery, useBookingAction } from '../admin-api.ts';
import { formatDateTime } from '../format.ts';
import { changedFields } from './admin-audit-diff.ts';
import { BookingStatusBadge } from './booking-status-badge.tsx';
import { CreateInvoiceButton } from './create-invoice-button.tsx';

const readableTitle = { title: { color: 'var(--mantine-color-text)' } };
const methodLabels: Record<(typeof paymentMethods)[number], string> = {
  cash: 'Cash',
  card: 'Card',
  bank_transfer: 'Bank transfer',
};

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

/** One booking as the owner sees it, in a dialog (full screen on a phone), with everything they may do to it. */
export function AdminBookingDetails({
  bookingId,
  timeZone,
  fullScreen,
  onClose,
}: {
  bookingId: string | null;
  timeZone: string;
  fullScreen: boolean;
  onClose: () => void;
}) {
  const detail = useQuery({ ...adminBookingQuery(bookingId ?? ''), enabled: bookingId !== null });
  return (
    <AppModal opened={bookingId !== null} onClose={onClose} title="Booking" size="lg" fullScreen={fullScreen}>
      {detail.isPending ? (
        <Loader aria-label="Loading the booking" />
      ) : detail.isError ? (
        <Alert color="red" title="The booking could not be loaded" role="alert" styles={readableTitle}>
          {detail.error.message}
        </Alert>
      ) : (
        <BookingDetailBody key={detail.data.booking.id} detail={detail.data} timeZone={timeZone} />
      )}
    </AppModal>
  );
}

function BookingDetailBody({ detail, timeZone }: { detail: AdminBookingDetail; timeZone: string }) {
  const { booking } = detail;
  const action = useBookingAction(booking.id);
  const [done, setDone] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [notes, setNotes] = useState(booking.privateNotes);
  const [amount, setAmount] = useState<number | string>((booking.pricePence - booking.paidPence) / 100 || '');
  const [method, setMethod] = useState<string | null>('cash');
  const [paymentNote, setPaymentNote] = useState('');
  const [paymentError, setPaymentError] = useState<string | null>(null);
  useEffect(() => setNotes(booking.privateNotes), [booking.privateNotes]);

  const active = booking.status === 'pending' || booking.status === 'confirmed';
  const started = Date.parse(booking.startsAt) <= Date.now();
  const when = formatDateTime(booking.startsAt, timeZone);

  const run = (change: Parameters<typeof action.mutate>[0], message: string, after?: () => void) => {
    setDone(null);
    action.mutate(change, {
      onSuccess: () => {
        setDone(message);
        after?.();
      },
    });
  };

  /** Money in or money back: the same fields, the direction chosen by the button. */
  const recordMoney = (kind: 'payment' | 'refund') => {
    const parsed = recordPaymentInput.safeParse({
      amountPence: Math.round(Number(amount) * 100),
      method,
      note: paymentNote,
    });
    if (!parsed.success) return setPaymentError(parsed.error.issues[0]?.message ?? 'Check the payment');
    setPaymentError(null);
    run(
      { action: kind, payment: parsed.data },
      `${kind === 'payment' ? 'Payment' : 'Refund'} of ${formatPrice(parsed.data.amountPence)} recorded.`,
      () => setPaymentNote(''),
    );
  };

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={700} size="lg">
            {booking.clientName}
          </Text>
          <BookingStatusBadge status={booking.status} />
        </Group>
        <Text>{when}</Text>
        <Text>
          {booking.serviceName}, {formatDuration(booking.durationMinutes)}, {formatPrice(booking.pricePence)} · paid{' '}
          {formatPrice(booking.paidPence)}
        </Text>
        {(booking.clientEmail || booking.clientPhone) && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {booking.clientEmail}
            {booking.clientEmail && booking.clientPhone ? ' · ' : ''}
            {booking.clientPhone}
          </Text>
        )}
        {booking.notes && <Text size="sm">Client’s notes: “{booking.notes}”</Text>}
        {booking.cancelReason && (
          <Text size="sm">
            Cancelled by {booking.cancelledBy === 'client' ? 'the client' : 'the business'}: {booking.cancelReason}
          </Text>
        )}
        <Text size="sm" c="gray.7">
          Booked {booking.source === 'admin' ? 'by you on the phone' : 'online'} on{' '}
          {formatDateTime(booking.createdAt, timeZone)}
        </Text>
      </Stack>

      <div role="status">
        {done && (
          <Alert color="teal" title="Done" styles={readableTitle}>
            {done}
          </Alert>
        )}
      </div>
      {action.isError && (
        <Alert color="red" title="That did not work" role="alert" styles={readableTitle}>
          {action.error.message}
        </Alert>
      )}

      {booking.status === 'pending' && (
        <Group gap="xs" grow>
          <Button
            color="teal"
            loading={action.isPending}
            onClick={() => run({ action: 'approve' }, 'Approved. The client is emailed.')}
          >
            Approve
          </Button>
          <Button
            variant="default"
            loading={action.isPending}
            onClick={() => run({ action: 'decline', reason }, 'Declined. The client is emailed.')}
          >
            Decline
          </Button>
        </Group>
      )}

      {active && (
        <Section title="Cancel">
          <Textarea
            label={
              booking.status === 'pending'
                ? 'Reason to decline or cancel (sent to the client)'
                : 'Reason (sent to the client)'
            }
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            maxLength={500}
            autosize
            minRows={2}
          />
          <Group>
            <Button
              color="red"
              variant="light"
              style={{ '--button-color': 'var(--mantine-color-red-9)' }}
              loading={action.isPending}
              onClick={() => run({ action: 'cancel', reason }, 'Cancelled. The client is emailed.')}
            >
              Cancel booking
            </Button>
          </Group>
        </Section>
      )}

      {(booking.status === 'confirmed' || booking.status === 'completed' || booking.status === 'no_show') && (
        <Section title="Outcome">
          {!started && <Text size="sm">You can mark it once it has started.</Text>}
          <Group gap="xs">
            <Button
              variant="default"
              disabled={!started || booking.status === 'completed'}
              onClick={() => run({ action: 'outcome', status: 'completed' }, 'Marked completed.')}
            >
              Mark completed
            </Button>
            <Button
              variant="default"
              disabled={!started || booking.status === 'no_show'}
              onClick={() => run({ action: 'outcome', status: 'no_show' }, 'Marked no-show.')}
            >
              Mark no-show
            </Button>
          </Group>
        </Section>
      )}

      {(booking.status === 'confirmed' || booking.status === 'completed') && (
        <Section title="Invoice">
          <CreateInvoiceButton bookingId={booking.id} />
        </Section>
      )}

      <Section title="Private notes">
        <Textarea
          label="Only you see these"
          value={notes}
          onChange={(event) => setNotes(event.currentTarget.value)}
          maxLength={5000}
          autosize
          minRows={2}
        />
        <Group>
          <Button
            variant="default"
            disabled={notes === booking.privateNotes}
            onClick={() => run({ action: 'notes', privateNotes: notes }, 'Notes saved.')}
          >
            Save notes
          </Button>
        </Group>
      </Section>

      <Section title="Payments">
        {detail.payments.length === 0 ? (
          <Text size="sm">No payment recorded.</Text>
        ) : (
          <Stack gap={2} component="ul" style={{ margin: 0, paddingLeft: 18 }}>
            {detail.payments.map((payment) => (
              <Text component="li" size="sm" key={payment.id}>
                {payment.kind === 'refund' ? 'Refund of ' : ''}
                {formatPrice(payment.amountPence)} by {methodLabels[payment.method]} on{' '}
                {formatDateTime(payment.paidAt, timeZone)}
                {payment.note ? ` — ${payment.note}` : ''}
              </Text>
            ))}
          </Stack>
        )}
        <Group gap="xs" align="flex-end" wrap="wrap">
          <NumberInput
            label="Amount (£)"
            value={amount}
            onChange={setAmount}
            min={0}
            decimalScale={2}
            w={120}
            error={paymentError}
          />
          <Select
            label="Method"
            data={paymentMethods.map((value) => ({ value, label: methodLabels[value] }))}
            value={method}
            onChange={setMethod}
            allowDeselect={false}
            w={150}
          />
          <TextInput
            label="Note"
            value={paymentNote}
            onChange={(event) => setPaymentNote(event.currentTarget.value)}
            style={{ flex: 1, minWidth: 140 }}
          />
          <Button onClick={() => recordMoney('payment')}>Record payment</Button>
          {booking.paidPence > 0 && (
            <Button variant="default" onClick={() => recordMoney('refund')}>
              Record refund
            </Button>
          )}
        </Group>
      </Section>

      <Divider />
      <Section title="History">
        <Stack gap={2} component="ul" style={{ margin: 0, paddingLeft: 18 }}>
          {detail.history.map((event) => (
            <Text component="li" size="sm" key={event.id}>
              {formatDateTime(event.at, timeZone)}: {event.action.replace('_', ' ')} by {event.actorRole}
              {event.fromStatus && event.toStatus && event.fromStatus !== event.toStatus
                ? ` (${event.fromStatus} → ${event.toStatus})`
                : ''}
              {typeof event.details.reason === 'string' && event.details.reason ? ` — ${event.details.reason}` : ''}
            </Text>
          ))}
        </Stack>
      </Section>
      <Section title="Audit">
        {detail.audit.length === 0 ? (
          <Text size="sm">No change by the business yet.</Text>
        ) : (
          <Stack gap="xs">
            {detail.audit.map((entry) => (
              <Stack gap={2} key={entry.id}>
                <Text size="sm" fw={600}>
                  {formatDateTime(entry.at, timeZone)} · {entry.action} · {entry.actorEmail ?? 'unknown'}
                </Text>
                <Table fz="xs" layout="fixed" aria-label={`Changes of ${entry.action}`}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">Field</Table.Th>
                      <Table.Th scope="col">Before</Table.Th>
                      <Table.Th scope="col">After</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {changedFields(entry.before, entry.after).map((change) => (
                      <Table.Tr key={change.field}>
                        <Table.Td>{change.field}</Table.Td>
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>{change.from}</Table.Td>
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>{change.to}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Stack>
            ))}
          </Stack>
        )}
      </Section>
    </Stack>
  );
}
