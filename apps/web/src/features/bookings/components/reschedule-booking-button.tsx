import type { Booking } from '@app/shared';
import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { AppModal } from '../../../components/app-modal.tsx';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { alternativesOf, useRescheduleBooking } from '../api.ts';
import { Notice } from './notice.tsx';
import { AlternativeTimes } from './time-pickers.tsx';
import { WeekStripPicker } from './week-strip-picker.tsx';

type RescheduleBookingButtonProps = {
  booking: Booking;
  timeZone: string;
  locale?: string;
  /** The server's answer once the cut-off has passed; the booking then shows it instead of the buttons. */
  onTooLate: (message: string) => void;
  /** The move is done: the page says so. */
  onMoved?: (booking: Booking) => void;
};

/** 'Reschedule': the same day and time picker as /book, then one atomic move on the server. */
export function RescheduleBookingButton({
  booking,
  timeZone,
  locale,
  onTooLate,
  onMoved,
}: RescheduleBookingButtonProps) {
  const [opened, setOpened] = useState(false);
  const [startsAt, setStartsAt] = useState<string | null>(null);
  const reschedule = useRescheduleBooking();
  const close = () => {
    setOpened(false);
    setStartsAt(null);
    reschedule.reset();
  };
  const alternatives = alternativesOf(reschedule.error);
  const unchanged = startsAt === booking.startsAt;

  return (
    <>
      <Button variant="light" onClick={() => setOpened(true)}>
        Reschedule
      </Button>
      <AppModal opened={opened} onClose={close} title="Choose a new time" size="xl" centered>
        <Stack gap="md">
          <Text>
            {booking.serviceName}, now {formatDateTime(booking.startsAt, timeZone, locale)}
          </Text>
          <WeekStripPicker
            booking={booking}
            value={startsAt}
            onChange={(value) => {
              reschedule.reset();
              setStartsAt(value);
            }}
            timeZone={timeZone}
            locale={locale}
          />
          {reschedule.isError && (
            <Notice color="red" role="alert" title="Not moved">
              <Stack gap="xs">
                <Text size="sm">{reschedule.error.message}</Text>
                {alternatives.length > 0 && (
                  <AlternativeTimes
                    times={alternatives}
                    timeZone={timeZone}
                    locale={locale}
                    onChoose={(alternative) => {
                      reschedule.reset();
                      setStartsAt(alternative);
                    }}
                  />
                )}
                {reschedule.error instanceof ApiError && reschedule.error.status === 0 && (
                  <Text size="sm">Check your connection and try again.</Text>
                )}
              </Stack>
            </Notice>
          )}
          <DialogActions keepLabel="Keep the current time" onKeep={close}>
            <Button
              disabled={!startsAt || unchanged}
              loading={reschedule.isPending}
              // 'Move to Friday, 4 December 2026 at 15:00' whole on a phone: the label wraps.
              h="auto"
              mih={44}
              styles={{ label: { whiteSpace: 'normal' } }}
              // The promise, not mutate's per-call callbacks, which are dropped if the refetched booking (now inside
              // the cut-off, say) has taken this button away first.
              onClick={() =>
                startsAt &&
                reschedule.mutateAsync({ id: booking.id, startsAt, version: booking.version }).then(
                  (moved) => {
                    close();
                    onMoved?.(moved);
                  },
                  (error) => {
                    if (error instanceof ApiError && error.code === 'TOO_LATE_TO_CHANGE') onTooLate(error.message);
                  },
                )
              }
            >
              {startsAt ? `Move to ${formatDateTime(startsAt, timeZone, locale)}` : 'Move booking'}
            </Button>
          </DialogActions>
        </Stack>
      </AppModal>
    </>
  );
}
