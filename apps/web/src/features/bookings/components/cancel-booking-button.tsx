import { type Booking, cancellationMoneyText, cancellationVoucherText } from '@app/shared';
import { Button, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { AppModal } from '../../../components/app-modal.tsx';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCancelBooking } from '../api.ts';
import { Notice } from './notice.tsx';

type CancelBookingButtonProps = {
  booking: Booking;
  when: string;
  /** The server's answer once the cut-off has passed; the booking then shows it instead of the buttons. */
  onTooLate: (message: string) => void;
  /** The cancellation is done: the page says so. */
  onCancelled?: (booking: Booking) => void;
};

/** 'Cancel', confirmed in a dialog with an optional reason. */
export function CancelBookingButton({ booking, when, onTooLate, onCancelled }: CancelBookingButtonProps) {
  const [opened, setOpened] = useState(false);
  // What becomes of the money paid online and of what gift vouchers paid, in one note.
  const outcome = [
    cancellationMoneyText(booking.cancellationMoney),
    cancellationVoucherText(booking.cancellationVoucher),
  ]
    .filter(Boolean)
    .join(' ');
  const [reason, setReason] = useState('');
  const cancel = useCancelBooking();
  const close = () => {
    setOpened(false);
    cancel.reset();
  };
  return (
    <>
      <Button variant="default" color="red" onClick={() => setOpened(true)}>
        Cancel
      </Button>
      <AppModal opened={opened} onClose={close} title="Cancel this booking?" centered>
        <Stack gap="sm">
          <Text>
            {booking.serviceName}, {when}
          </Text>
          {booking.status === 'awaiting_payment' ? (
            <Text fw={600} role="note">
              The time is released and nothing is taken from your card.
            </Text>
          ) : (
            outcome && (
              <Text fw={600} role="note">
                {outcome}
              </Text>
            )
          )}
          <Textarea
            label="Reason (optional)"
            value={reason}
            maxLength={500}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          {cancel.isError && (
            <Notice color="red" role="alert" title="Not cancelled">
              {cancel.error.message}
            </Notice>
          )}
          <DialogActions keepLabel="Keep booking" onKeep={close}>
            <Button
              color="red"
              loading={cancel.isPending}
              // The promise, not mutate's per-call callbacks: the refetched booking, cancelled, moves to the past list
              // and takes this button with it, and React Query drops the callbacks of an unmounted caller.
              onClick={() =>
                cancel.mutateAsync({ id: booking.id, reason: reason.trim() }).then(
                  (cancelled) => {
                    close();
                    onCancelled?.(cancelled);
                  },
                  (error) => {
                    if (error instanceof ApiError && error.code === 'TOO_LATE_TO_CHANGE') onTooLate(error.message);
                  },
                )
              }
            >
              Cancel booking
            </Button>
          </DialogActions>
        </Stack>
      </AppModal>
    </>
  );
}
