import type { AdminBooking } from '@app/shared';
import { Alert, Button, Checkbox, Stack, Switch, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { AppModal, type DialogProps } from '../../../components/app-modal.tsx';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { NoteField } from '../../../components/note-field.tsx';
import { readableTitle } from '../../../components/readable-styles.ts';
import { serverMessage } from '../../../lib/api-client.ts';
import { formatDiaryDateTime, formatPrice, formatTime } from '../../../lib/format.ts';
import { ignoreShownError } from '../../../lib/mutations.ts';
import { type ActionResult, useBookingAction, useMoveBooking, useRestoreBooking } from '../admin-api.ts';
import { alternativesOf } from '../api.ts';
import { emailNote, onlineRefundWords, payBackLabel } from '../owner-words.ts';
import { showOutcome } from './undo-notice.tsx';
import { WeekStripPicker } from './week-strip-picker.tsx';

/**
 * A dialog's 'Email the client' choice and its switch: on by default; off and explained when there is no address to
 * email. `what` is what the client is emailed ('the new time'); `describe` is false where a note below already says
 * who is emailed (the cancel dialog): said once, not twice. `reset` turns it on again for the dialog's next opening.
 */
function useEmailChoice({
  booking,
  emailEnabled,
  what,
  describe = true,
}: {
  booking: AdminBooking;
  emailEnabled: boolean;
  what: string;
  describe?: boolean;
}) {
  const [notify, setNotify] = useState(true);
  const reset = useCallback(() => setNotify(true), []);
  const emailSwitch = booking.clientEmail ? (
    <Stack gap={4}>
      <Switch label="Email the client" checked={notify} onChange={(event) => setNotify(event.currentTarget.checked)} />
      {describe && (
        <Text size="sm">
          {notify
            ? `${booking.clientEmail} is emailed ${what}.${emailEnabled ? '' : ' No mail server is set up: the email is kept in the outbox, not sent.'}`
            : 'Nobody is emailed. Tell the client yourself.'}
        </Text>
      )}
    </Stack>
  ) : (
    <Text size="sm">There is no email address for this client: nobody is emailed.</Text>
  );
  return { notify, reset, emailSwitch };
}

type Move = { booking: AdminBooking; startsAt: string };

/**
 * Saves a move the owner has confirmed and says what happened; when nobody was emailed, Undo moves it back, silently
 * too (docs/decisions/024).
 */
export function useConfirmedMove(timeZone: string, emailEnabled: boolean) {
  const move = useMoveBooking();
  const save = (
    { booking, startsAt }: Move,
    notifyClient: boolean,
    handlers: { onSuccess?: (result: ActionResult) => void; onError?: (error: Error) => void } = {},
  ) =>
    move.mutateAsync({ id: booking.id, startsAt, version: booking.version, notifyClient }).then((result) => {
      handlers.onSuccess?.(result);
      // An email that went out cannot be taken back: then there is no silent Undo (docs/decisions/024).
      showOutcome({
        title: 'Moved',
        message: `${booking.clientName} moved to ${formatDiaryDateTime(startsAt, timeZone)}. ${emailNote(result.notified, emailEnabled)}`,
        onUndo: result.notified && emailEnabled ? undefined : () => undoMove(result),
      });
    }, handlers.onError ?? ignoreShownError);
  // The dialog that asked is gone by the time Undo is pressed.
  const undoMove = (result: ActionResult) =>
    move
      .mutateAsync({
        id: result.booking.id,
        startsAt: moveOrigin(result),
        version: result.booking.version,
        notifyClient: false,
      })
      .then((back) =>
        showOutcome({
          title: 'Move undone',
          message: `${back.booking.clientName} is back at ${formatDiaryDateTime(back.booking.startsAt, timeZone)}. Nobody was emailed.`,
        }),
      )
      .catch((error: Error) => showOutcome({ title: 'Not undone', message: error.message }));
  return { save, isPending: move.isPending };
}

/** Where the last move started from, read from the history the move answered with. */
function moveOrigin(result: ActionResult): string {
  const last = [...result.history].reverse().find((entry) => entry.action === 'rescheduled');
  return typeof last?.details.from === 'string' ? last.details.from : result.booking.startsAt;
}

/** 'Move … to …?' with the email switch: asked before any move, by button or by drag. */
export function MoveConfirmDialog({
  move,
  timeZone,
  emailEnabled,
  fullScreen,
  onClose,
  onMoved,
  onRefused,
}: {
  move: Move | null;
  timeZone: string;
  emailEnabled: boolean;
  fullScreen?: boolean;
  /** Closed without moving (the calendar puts a dragged booking back). */
  onClose: () => void;
  onMoved?: () => void;
  onRefused?: (error: Error) => void;
}) {
  return (
    <AppModal opened={move !== null} onClose={onClose} title="Move this booking?" fullScreen={fullScreen} centered>
      {move && (
        <MoveQuestion
          key={`${move.booking.id}-${move.startsAt}`}
          move={move}
          timeZone={timeZone}
          emailEnabled={emailEnabled}
          onCancel={onClose}
          onMoved={onMoved}
          onRefused={onRefused}
        />
      )}
    </AppModal>
  );
}

function MoveQuestion({
  move,
  timeZone,
  emailEnabled,
  onCancel,
  onMoved,
  onRefused,
}: {
  move: Move;
  timeZone: string;
  emailEnabled: boolean;
  onCancel: () => void;
  onMoved?: () => void;
  onRefused?: (error: Error) => void;
}) {
  const { booking, startsAt } = move;
  const { notify, emailSwitch } = useEmailChoice({ booking, emailEnabled, what: 'the new time' });
  const { save, isPending } = useConfirmedMove(timeZone, emailEnabled);
  return (
    <Stack gap="md">
      <Text>
        {booking.clientName}, {booking.serviceName}: from {formatDiaryDateTime(booking.startsAt, timeZone)} to{' '}
        <strong>{formatDiaryDateTime(startsAt, timeZone)}</strong>.
      </Text>
      {emailSwitch}
      <DialogActions keepLabel="Keep the current time" onKeep={onCancel}>
        <Button
          loading={isPending}
          onClick={() => save(move, notify, { onSuccess: () => onMoved?.(), onError: (error) => onRefused?.(error) })}
        >
          Move
        </Button>
      </DialogActions>
    </Stack>
  );
}

/** What the booking sheet hands each of its dialogs. */
type BookingDialogProps = DialogProps & { booking: AdminBooking; timeZone: string; emailEnabled: boolean };

/** 'Reschedule': a free time from the slot engine, then the same question as a drag. */
export function RescheduleDialog({ booking, opened, timeZone, emailEnabled, fullScreen, onClose }: BookingDialogProps) {
  const [startsAt, setStartsAt] = useState<string | null>(null);
  const email = useEmailChoice({ booking, emailEnabled, what: 'the new time' });
  const [refusal, setRefusal] = useState<Error | null>(null);
  const { save, isPending } = useConfirmedMove(timeZone, emailEnabled);
  const close = () => {
    setStartsAt(null);
    setRefusal(null);
    email.reset();
    onClose();
  };
  const alternatives = alternativesOf(refusal);
  return (
    <AppModal opened={opened} onClose={close} title="Reschedule" size="lg" fullScreen={fullScreen}>
      <Stack gap="md">
        <Text>
          {booking.clientName}, {booking.serviceName}, now {formatDiaryDateTime(booking.startsAt, timeZone)}
        </Text>
        <WeekStripPicker
          booking={booking}
          value={startsAt}
          onChange={(value) => {
            setRefusal(null);
            setStartsAt(value);
          }}
          timeZone={timeZone}
        />
        {refusal && (
          <Alert color="red" title="Not moved" role="alert" styles={readableTitle}>
            {refusal.message}
            {alternatives.length > 0 &&
              ` Free nearby: ${alternatives.map((at) => formatTime(at, timeZone)).join(', ')}.`}
          </Alert>
        )}
        {startsAt && (
          <Stack
            gap="sm"
            p="sm"
            bd="1px solid var(--mantine-color-default-border)"
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          >
            <Text fw={600}>Move to {formatDiaryDateTime(startsAt, timeZone)}?</Text>
            {email.emailSwitch}
          </Stack>
        )}
        <DialogActions keepLabel="Keep the current time" onKeep={close}>
          <Button
            disabled={!startsAt || startsAt === booking.startsAt}
            loading={isPending}
            // The whole 'Move to Friday, 4 December 2026 at 15:00' on a phone: the label wraps.
            h="auto"
            mih={44}
            styles={{ label: { whiteSpace: 'normal' } }}
            onClick={() =>
              startsAt && save({ booking, startsAt }, email.notify, { onSuccess: close, onError: setRefusal })
            }
          >
            {startsAt ? `Move to ${formatDiaryDateTime(startsAt, timeZone)}` : 'Choose a time'}
          </Button>
        </DialogActions>
      </Stack>
    </AppModal>
  );
}

/** 'Cancel booking?': reason, email switch and paying back, saying exactly who is emailed and what is paid back. */
export function CancelDialog({
  booking,
  opened,
  timeZone,
  emailEnabled,
  fullScreen,
  onClose,
  onlineRefundablePence = 0,
}: BookingDialogProps & {
  /** What paying back sends to the client's card through Stripe (decision 047); the rest goes back by hand. */
  onlineRefundablePence?: number;
}) {
  const [reason, setReason] = useState('');
  const email = useEmailChoice({ booking, emailEnabled, what: 'the cancellation', describe: false });
  const notify = email.notify;
  // Paying back gives the money back and puts what gift vouchers paid back onto the vouchers: on by default.
  const [refund, setRefund] = useState(true);
  const action = useBookingAction(booking.id);
  const restore = useRestoreBooking();
  const bySession = booking.coursePaidPence;
  const paid = booking.paidPence - booking.voucherPaidPence - bySession;
  const byVoucher = booking.voucherPaidPence;
  const anythingPaid = paid > 0 || byVoucher > 0 || bySession > 0;
  // Each opening starts afresh: emailing on, paying back whatever has been paid by then.
  useEffect(() => {
    if (!opened) return;
    setReason('');
    email.reset();
    setRefund(true);
  }, [opened, email.reset]);
  const close = () => {
    action.reset();
    onClose();
  };
  const summary = [
    notify && booking.clientEmail
      ? emailEnabled
        ? `${booking.clientEmail} is emailed the cancellation${reason.trim() ? ' with your reason' : ''}.`
        : `The cancellation email to ${booking.clientEmail} is kept in the outbox, not sent: no mail server is set up.`
      : 'Nobody is emailed.',
    paid > 0
      ? refund
        ? `${formatPrice(paid)} is paid back${
            onlineRefundablePence > 0
              ? ` (${formatPrice(onlineRefundablePence)} of it to the client's card through Stripe)`
              : ''
          }.`
        : `The ${formatPrice(paid)} paid is kept.`
      : byVoucher > 0 || bySession > 0
        ? 'No money was paid, nothing is paid back.'
        : 'Nothing was paid, nothing is paid back.',
    byVoucher > 0
      ? refund
        ? `The ${formatPrice(byVoucher)} paid by gift voucher goes back onto the voucher.`
        : `The ${formatPrice(byVoucher)} paid by gift voucher stays spent.`
      : '',
    bySession > 0
      ? refund
        ? 'The session goes back onto the client’s course.'
        : 'The session of the client’s course stays used.'
      : '',
  ]
    .filter(Boolean)
    .join(' ');

  const submit = () =>
    action
      .mutateAsync({ action: 'cancel', reason: reason.trim(), notifyClient: notify, refund: refund && anythingPaid })
      .then((raw) => {
        const result = raw as ActionResult;
        close();
        const refunded = result.refundedPence ? ` ${formatPrice(result.refundedPence)} paid back.` : '';
        const online = result.onlineRefundPence
          ? ` ${formatPrice(result.onlineRefundPence)} ${onlineRefundWords(result)}`
          : '';
        const restored = result.voucherReturnedPence
          ? ` ${formatPrice(result.voucherReturnedPence)} put back on the gift voucher.`
          : '';
        // Undo only while nothing has left the building: no email, no money paid back, no voucher topped up.
        const silent =
          !(result.notified && emailEnabled) &&
          !result.refundedPence &&
          !result.onlineRefundPence &&
          !result.voucherReturnedPence;
        showOutcome({
          title: 'Cancelled',
          message: `${booking.clientName}, ${formatDiaryDateTime(booking.startsAt, timeZone)}, cancelled. ${emailNote(result.notified, emailEnabled)}${refunded}${online}${restored}`,
          onUndo: silent
            ? () =>
                restore
                  .mutateAsync({ id: booking.id, version: result.booking.version })
                  .then(() =>
                    showOutcome({
                      title: 'Cancelling undone',
                      message: `${booking.clientName} is booked again. Nobody was emailed.`,
                    }),
                  )
                  .catch((error: Error) => showOutcome({ title: 'Not undone', message: error.message }))
            : undefined,
        });
      }, ignoreShownError);

  return (
    <AppModal opened={opened} onClose={close} title="Cancel this booking?" fullScreen={fullScreen} centered>
      <Stack gap="md">
        <Text>
          {booking.clientName}, {booking.serviceName}, {formatDiaryDateTime(booking.startsAt, timeZone)}
        </Text>
        <NoteField label="Reason (optional)" value={reason} onChange={setReason} maxLength={500} />
        {email.emailSwitch}
        {anythingPaid && (
          <Checkbox
            label={payBackLabel(paid, byVoucher, bySession)}
            checked={refund}
            onChange={(event) => setRefund(event.currentTarget.checked)}
          />
        )}
        <Text size="sm" fw={600} role="note">
          {summary}
        </Text>
        <FailureAlert error={action.error} title="Not cancelled" styles={readableTitle} message={serverMessage} />
        <DialogActions keepLabel="Keep the booking" onKeep={close}>
          <Button color="red.8" loading={action.isPending} onClick={submit}>
            Cancel booking
          </Button>
        </DialogActions>
      </Stack>
    </AppModal>
  );
}
