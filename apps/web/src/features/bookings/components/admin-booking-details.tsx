import { formatPhone } from '@app/shared';
import { Anchor, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  ActionFailed,
  DetailDialog,
  DetailHeading,
  DetailSection,
  DoneNotice,
  dangerStyle,
} from '../../../components/detail-dialog.tsx';
import { NoteField } from '../../../components/note-field.tsx';
import { formatDateTime, formatDuration, formatPrice } from '../../../lib/format.ts';
import { ignoreShownError } from '../../../lib/mutations.ts';
import { BookingHealthPanel } from '../../../lib/records/booking-health-panel.tsx';
import { type AdminBookingDetail, adminBookingQuery, type BookingAction, useBookingAction } from '../admin-api.ts';
import { emailNote } from '../owner-words.ts';
import { BankDepositSection } from './bank-deposit-section.tsx';
import { BookingAddOns } from './booking-add-ons.tsx';
import { NoShowFee, OtherPayment, TakePayment } from './booking-money.tsx';
import { BookingPayments, BookingRecords } from './booking-records.tsx';
import { BookingStatusBadge } from './booking-status-badge.tsx';
import { BookingTexts } from './booking-texts.tsx';
import { CreateInvoiceButton } from './create-invoice-button.tsx';
import { OnlinePaymentSection } from './online-payment-section.tsx';
import { CancelDialog, RescheduleDialog } from './owner-dialogs.tsx';
// The till takes a voucher where it takes money: the one place the booking drawer reaches into another feature.
import { RedeemVoucher } from './redeem-voucher.tsx';
import { BookingSeriesPanel } from './series-panel.tsx';

/** One booking as the owner sees it, in a dialog (full screen on a phone), with everything they may do to it. */
export function AdminBookingDetails({
  bookingId,
  timeZone,
  emailEnabled,
  fullScreen,
  onClose,
  startWith,
}: {
  bookingId: string | null;
  timeZone: string;
  /** Whether a mail server is set up: what the owner is told about emails depends on it. */
  emailEnabled: boolean;
  fullScreen: boolean;
  onClose: () => void;
  /** A dialog opened with the sheet ('Move' on the dashboard opens Reschedule at once). */
  startWith?: 'reschedule' | null;
}) {
  const detail = useQuery({ ...adminBookingQuery(bookingId ?? ''), enabled: bookingId !== null });
  return (
    <DetailDialog
      query={detail}
      noun="booking"
      opened={bookingId !== null}
      onClose={onClose}
      title="Booking"
      size="lg"
      fullScreen={fullScreen}
    >
      {(data) => (
        <BookingDetailBody
          key={data.booking.id}
          detail={data}
          timeZone={timeZone}
          emailEnabled={emailEnabled}
          fullScreen={fullScreen}
          startWith={startWith ?? null}
        />
      )}
    </DetailDialog>
  );
}

function BookingDetailBody({
  detail,
  timeZone,
  emailEnabled,
  fullScreen,
  startWith,
}: {
  detail: AdminBookingDetail;
  timeZone: string;
  emailEnabled: boolean;
  fullScreen: boolean;
  startWith: 'reschedule' | null;
}) {
  const { booking } = detail;
  const [dialog, setDialog] = useState<'reschedule' | 'cancel' | null>(startWith);
  /** What each of the booking's own dialogs is given; one is open at a time. */
  const bookingDialog = (name: 'reschedule' | 'cancel') => ({
    booking,
    opened: dialog === name,
    onClose: () => setDialog(null),
    fullScreen,
    timeZone,
    emailEnabled,
  });
  const action = useBookingAction(booking.id);
  const [done, setDone] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [privateReason, setPrivateReason] = useState('');
  const [notes, setNotes] = useState(booking.privateNotes);
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

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <DetailHeading name={booking.clientName} badge={<BookingStatusBadge status={booking.status} />} />
        <Text>{when}</Text>
        <Text>
          {booking.serviceName}, {formatDuration(booking.durationMinutes)}, {formatPrice(booking.pricePence)} · paid{' '}
          {formatPrice(booking.paidPence)}
        </Text>
        {(booking.clientEmail || booking.clientPhone) && (
          <Group gap="md" wrap="wrap">
            {booking.clientPhone && (
              <Anchor href={`tel:${booking.clientPhone.replace(/[^\d+]/g, '')}`} size="sm" py={4}>
                {formatPhone(booking.clientPhone)}
              </Anchor>
            )}
            {booking.clientEmail && (
              <Anchor href={`mailto:${booking.clientEmail}`} size="sm" py={4} style={{ overflowWrap: 'anywhere' }}>
                {booking.clientEmail}
              </Anchor>
            )}
          </Group>
        )}
        <BookingTexts bookingId={booking.id} />
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

      <DoneNotice message={done} />
      <ActionFailed error={action.error} />

      {/* A request waiting for approval: approve it, or decline it with a reason for the client and one for you. */}
      {booking.status === 'pending' && (
        <>
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
              onClick={() => run({ action: 'decline', reason, privateReason }, `Declined. ${emailed(true)}`)}
            >
              Decline
            </Button>
          </Group>
          <NoteField
            label="Reason to decline (sent to the client)"
            value={reason}
            onChange={setReason}
            maxLength={500}
            minRows={1}
          />
          <NoteField
            label="Private reason (only you see it, never the client)"
            value={privateReason}
            onChange={setPrivateReason}
            maxLength={1000}
            minRows={1}
          />
        </>
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

      <BookingAddOns detail={detail} />
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
          <Button h={44} variant="light" color="red" style={dangerStyle} onClick={() => setDialog('cancel')}>
            Cancel booking
          </Button>
        </Group>
      )}
      <RescheduleDialog {...bookingDialog('reschedule')} />
      <CancelDialog {...bookingDialog('cancel')} onlineRefundablePence={detail.onlinePayment?.refundablePence ?? 0} />

      <BookingSeriesPanel bookingId={booking.id} timeZone={timeZone} emailEnabled={emailEnabled} />
      <BookingHealthPanel bookingId={booking.id} clientId={booking.clientId} timeZone={timeZone} />

      {(booking.status === 'confirmed' || booking.status === 'completed') && (
        <DetailSection title="Invoice">
          <CreateInvoiceButton bookingId={booking.id} />
        </DetailSection>
      )}

      <DetailSection title="Private notes">
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
      </DetailSection>

      {detail.onlinePayment && (
        <OnlinePaymentSection
          bookingId={booking.id}
          online={detail.onlinePayment}
          timeZone={timeZone}
          fullScreen={fullScreen}
        />
      )}

      {detail.bankDeposit && <BankDepositSection deposit={detail.bankDeposit} timeZone={timeZone} />}

      <DetailSection title="Payments">
        <BookingPayments detail={detail} timeZone={timeZone} />
        <OtherPayment
          initialPounds={(booking.pricePence - booking.paidPence) / 100 || ''}
          refundable={booking.paidPence - booking.voucherPaidPence - booking.coursePaidPence > 0}
          onRecord={(kind, payment, after) =>
            run(
              { action: kind, payment },
              `${kind === 'payment' ? 'Payment' : 'Refund'} of ${formatPrice(payment.amountPence)} recorded.`,
              after,
            )
          }
        />
        {booking.status !== 'cancelled' && <RedeemVoucher bookingId={booking.id} duePence={due} />}
      </DetailSection>

      <Divider />
      <BookingRecords detail={detail} timeZone={timeZone} />
    </Stack>
  );
}
