import { paymentMethods, type RecordPaymentInput, recordPaymentInput } from '@app/shared';
import {
  Alert,
  Anchor,
  Button,
  Divider,
  Group,
  Loader,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { AppModal } from '../../../components/app-modal.tsx';
import { NoteField } from '../../../components/note-field.tsx';
import { formatDateTime, formatDiaryDateTime, formatDuration, formatPrice } from '../../../lib/format.ts';
import { type AdminBookingDetail, adminBookingQuery, type BookingAction, useBookingAction } from '../admin-api.ts';
import { emailNote, historySentence } from '../owner-words.ts';
import { auditActionLabel, changedFields } from './admin-audit-diff.ts';
import { BookingStatusBadge } from './booking-status-badge.tsx';
import { CreateInvoiceButton } from './create-invoice-button.tsx';
import { OnlinePaymentSection } from './online-payment-section.tsx';
import { CancelDialog, ignoreShownError, RescheduleDialog } from './owner-dialogs.tsx';
// The till takes a voucher where it takes money: the one place the booking drawer reaches into another feature.
import { RedeemVoucher } from './redeem-voucher.tsx';

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
  emailEnabled,
  fullScreen,
  onClose,
}: {
  bookingId: string | null;
  timeZone: string;
  /** Whether a mail server is set up: what the owner is told about emails depends on it. */
  emailEnabled: boolean;
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
        <BookingDetailBody
          key={detail.data.booking.id}
          detail={detail.data}
          timeZone={timeZone}
          emailEnabled={emailEnabled}
          fullScreen={fullScreen}
        />
      )}
    </AppModal>
  );
}

/**
 * The no-show fee the client agreed to: charged to their saved card only after a no-show, and only when they saved
 * one; the owner confirms first, as the client's card is charged (issue 13).
 */
function NoShowFee({
  fee,
  noShow,
  pending,
  onCharge,
}: {
  fee: NonNullable<AdminBookingDetail['noShowFee']>;
  noShow: boolean;
  pending: boolean;
  onCharge: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const amount = formatPrice(fee.feePence);
  return (
    <Section title="No-show fee">
      {fee.status === 'charged' ? (
        <Text size="sm">The no-show fee of {amount} was charged to the client's saved card.</Text>
      ) : fee.status === 'awaiting_card' ? (
        <Text size="sm">
          The client agreed to a no-show fee of {amount} but did not save a card, so it cannot be charged.
        </Text>
      ) : (
        <Text size="sm">The client agreed to a no-show fee of {amount} and saved a card for it.</Text>
      )}
      {fee.status === 'failed' && (
        <Alert color="red" title="The no-show fee was not charged" role="alert" styles={readableTitle}>
          {fee.failureMessage ?? 'The card was declined.'}
        </Alert>
      )}
      {noShow && (fee.status === 'card_saved' || fee.status === 'failed') && !confirming && (
        <Group>
          <Button h={44} variant="default" onClick={() => setConfirming(true)}>
            Charge no-show fee ({amount})
          </Button>
        </Group>
      )}
      {confirming && (
        <Stack gap="xs" role="group" aria-label="Confirm the no-show fee">
          <Text size="sm">{amount} will be taken from the client's saved card now.</Text>
          <Group gap="xs">
            <Button
              h={44}
              loading={pending}
              onClick={() => {
                setConfirming(false);
                onCharge();
              }}
            >
              Charge {amount}
            </Button>
            <Button h={44} variant="subtle" onClick={() => setConfirming(false)}>
              Do not charge
            </Button>
          </Group>
        </Stack>
      )}
    </Section>
  );
}

function BookingDetailBody({
  detail,
  timeZone,
  emailEnabled,
  fullScreen,
}: {
  detail: AdminBookingDetail;
  timeZone: string;
  emailEnabled: boolean;
  fullScreen: boolean;
}) {
  const { booking } = detail;
  const [dialog, setDialog] = useState<'reschedule' | 'cancel' | null>(null);
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
  const over = Date.parse(booking.endsAt) <= Date.now();
  const due = Math.max(0, booking.pricePence - booking.paidPence);
  const emailed = (notified: boolean) => emailNote(notified && Boolean(booking.clientEmail), emailEnabled);
  const when = formatDateTime(booking.startsAt, timeZone);

  const run = (change: BookingAction, message: string, after?: () => void) => {
    setDone(null);
    action.mutateAsync(change).then(() => {
      setDone(message);
      after?.();
    }, ignoreShownError);
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
          <Group gap="md" wrap="wrap">
            {booking.clientPhone && (
              <Anchor href={`tel:${booking.clientPhone.replace(/[^\d+]/g, '')}`} size="sm" py={4}>
                {booking.clientPhone}
              </Anchor>
            )}
            {booking.clientEmail && (
              <Anchor href={`mailto:${booking.clientEmail}`} size="sm" py={4} style={{ overflowWrap: 'anywhere' }}>
                {booking.clientEmail}
              </Anchor>
            )}
          </Group>
        )}
        {booking.notes && <Text size="sm">Client’s notes: “{booking.notes}”</Text>}
        {booking.cancelReason && (
          <Text size="sm">
            Cancelled by {booking.cancelledBy === 'client' ? 'the client' : 'the business'}: {booking.cancelReason}
          </Text>
        )}
        <Text size="sm" c="var(--app-muted)">
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
            onClick={() => run({ action: 'approve' }, `Approved. ${emailed(true)}`)}
          >
            Approve
          </Button>
          <Button
            variant="default"
            loading={action.isPending}
            onClick={() => run({ action: 'decline', reason }, `Declined. ${emailed(true)}`)}
          >
            Decline
          </Button>
        </Group>
      )}

      {booking.status === 'pending' && (
        <NoteField
          label="Reason to decline (sent to the client)"
          value={reason}
          onChange={setReason}
          maxLength={500}
          minRows={1}
        />
      )}

      {/* The action most needed first: take the money before the end, the outcome once it has started. */}
      {active && !over && due > 0 && (
        <TakePayment
          due={due}
          pending={action.isPending}
          onTake={(payment) =>
            run({ action: 'payment', payment }, `Payment of ${formatPrice(payment.amountPence)} taken.`)
          }
        />
      )}

      {booking.status === 'confirmed' && started && (
        <Group gap="xs" grow>
          <Button
            h={44}
            loading={action.isPending}
            onClick={() => run({ action: 'outcome', status: 'completed' }, 'Marked completed.')}
          >
            Mark completed
          </Button>
          <Button
            h={44}
            variant="default"
            loading={action.isPending}
            onClick={() => run({ action: 'outcome', status: 'no_show' }, 'Marked no-show.')}
          >
            No-show
          </Button>
        </Group>
      )}
      {(booking.status === 'completed' || booking.status === 'no_show') && (
        <Group gap="xs">
          <Button
            variant="default"
            onClick={() =>
              run(
                { action: 'outcome', status: booking.status === 'completed' ? 'no_show' : 'completed' },
                booking.status === 'completed' ? 'Marked no-show.' : 'Marked completed.',
              )
            }
          >
            {booking.status === 'completed' ? 'Mark no-show instead' : 'Mark completed instead'}
          </Button>
        </Group>
      )}

      {detail.noShowFee && (
        <NoShowFee
          fee={detail.noShowFee}
          noShow={booking.status === 'no_show'}
          pending={action.isPending}
          onCharge={() =>
            action.mutateAsync({ action: 'no-show-fee' }).then((after) => {
              const fee = (after as AdminBookingDetail).noShowFee;
              setDone(
                fee?.status === 'charged'
                  ? `No-show fee of ${formatPrice(fee.feePence)} charged.`
                  : 'The no-show fee was not charged.',
              );
            }, ignoreShownError)
          }
        />
      )}

      {active && (
        <Group gap="xs" grow>
          <Button h={44} variant="light" onClick={() => setDialog('reschedule')}>
            Reschedule
          </Button>
          <Button
            h={44}
            variant="light"
            color="red"
            style={{ '--button-color': 'var(--app-danger-text)' }}
            onClick={() => setDialog('cancel')}
          >
            Cancel booking
          </Button>
        </Group>
      )}
      <RescheduleDialog
        booking={booking}
        opened={dialog === 'reschedule'}
        timeZone={timeZone}
        emailEnabled={emailEnabled}
        fullScreen={fullScreen}
        onClose={() => setDialog(null)}
      />
      <CancelDialog
        booking={booking}
        opened={dialog === 'cancel'}
        timeZone={timeZone}
        emailEnabled={emailEnabled}
        fullScreen={fullScreen}
        onClose={() => setDialog(null)}
        onlineRefundablePence={detail.onlinePayment?.refundablePence ?? 0}
      />

      {(booking.status === 'confirmed' || booking.status === 'completed') && (
        <Section title="Invoice">
          <CreateInvoiceButton bookingId={booking.id} />
        </Section>
      )}

      <Section title="Private notes">
        <NoteField label="Only you see these" value={notes} onChange={setNotes} maxLength={5000} />
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

      {detail.onlinePayment && (
        <OnlinePaymentSection
          bookingId={booking.id}
          online={detail.onlinePayment}
          timeZone={timeZone}
          fullScreen={fullScreen}
        />
      )}

      <Section title="Payments">
        {detail.payments.length === 0 && detail.voucherRedemptions.length === 0 ? (
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
            {detail.voucherRedemptions.map((redemption) => (
              <Text component="li" size="sm" key={redemption.id}>
                {formatPrice(redemption.amountPence)} by Gift voucher XXXX-…-{redemption.codeLast4} on{' '}
                {formatDateTime(redemption.redeemedAt, timeZone)}
              </Text>
            ))}
          </Stack>
        )}
        <Group gap="xs" align="flex-end" wrap="wrap" role="group" aria-label="Other payment or refund">
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
          {booking.paidPence - booking.voucherPaidPence > 0 && (
            <Button variant="default" onClick={() => recordMoney('refund')}>
              Record refund
            </Button>
          )}
        </Group>
        {booking.status !== 'cancelled' && <RedeemVoucher bookingId={booking.id} duePence={due} />}
      </Section>

      <Divider />
      <Section title="History">
        <Stack gap={2} component="ul" style={{ margin: 0, paddingLeft: 18 }}>
          {detail.history.map((event) => (
            <Text component="li" size="sm" key={event.id}>
              {formatDiaryDateTime(event.at, timeZone)} · {historySentence(event, timeZone)}
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
                  {formatDateTime(entry.at, timeZone)} · {auditActionLabel(entry.action)} ·{' '}
                  {entry.actorEmail ?? 'unknown'}
                </Text>
                <Table fz="xs" layout="fixed" aria-label={`Changes: ${auditActionLabel(entry.action)}`}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">Field</Table.Th>
                      <Table.Th scope="col">Before</Table.Th>
                      <Table.Th scope="col">After</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {changedFields(entry.before, entry.after, timeZone).map((change) => (
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

/** 'Take payment': what is due, prefilled; the method; one tap. */
function TakePayment({
  due,
  pending,
  onTake,
}: {
  due: number;
  pending: boolean;
  onTake: (payment: RecordPaymentInput) => void;
}) {
  const [amount, setAmount] = useState<number | string>(due / 100);
  const [method, setMethod] = useState<(typeof paymentMethods)[number]>('cash');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setAmount(due / 100), [due]);
  const take = () => {
    const parsed = recordPaymentInput.safeParse({ amountPence: Math.round(Number(amount) * 100), method });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the amount');
    setError(null);
    onTake(parsed.data);
  };
  const pence = Math.round(Number(amount) * 100);
  return (
    <Stack
      gap="xs"
      p="sm"
      component="section"
      aria-label="Take payment"
      bd="1px solid var(--mantine-color-default-border)"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    >
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h5">
          Take payment
        </Title>
        <Text size="sm">{formatPrice(due)} due</Text>
      </Group>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <NumberInput
          label="Amount to take (£)"
          value={amount}
          onChange={setAmount}
          min={0}
          decimalScale={2}
          w={130}
          error={error}
        />
        <SegmentedControl
          aria-label="Payment method"
          value={method}
          onChange={(value) => setMethod(value as (typeof paymentMethods)[number])}
          data={paymentMethods.map((value) => ({ value, label: methodLabels[value] }))}
        />
      </Group>
      <Button h={44} loading={pending} onClick={take} disabled={!(pence > 0)}>
        {pence > 0 ? `Take ${formatPrice(pence)} by ${methodLabels[method].toLowerCase()}` : 'Take payment'}
      </Button>
    </Stack>
  );
}
