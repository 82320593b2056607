import type { Booking } from '@app/shared';
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { AppModal } from '../../../components/app-modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { alternativesOf, useRescheduleBooking } from '../api.ts';
import { Notice } from './notice.tsx';

const SlotPicker = lazy(() => import('./slot-picker.tsx').then((m) => ({ default: m.SlotPicker })));

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
          <Suspense fallback={<Loader size="sm" aria-label="Loading" />}>
            <SlotPicker
              serviceId={booking.serviceId}
              durationMinutes={booking.durationMinutes}
              value={startsAt}
              onChange={(value) => {
                reschedule.reset();
                setStartsAt(value);
              }}
              timeZone={timeZone}
              locale={locale}
              headingLevel={3}
            />
          </Suspense>
          {reschedule.isError && (
            <Notice color="red" role="alert" title="Not moved">
              <Stack gap="xs">
                <Text size="sm">{reschedule.error.message}</Text>
                {alternatives.length > 0 && (
                  <Group gap="xs" role="group" aria-label="Other free times">
                    {alternatives.map((alternative) => (
                      <Button
                        key={alternative}
                        size="xs"
                        variant="light"
                        onClick={() => {
                          reschedule.reset();
                          setStartsAt(alternative);
                        }}
                      >
                        {formatDateTime(alternative, timeZone, locale)}
                      </Button>
                    ))}
                  </Group>
                )}
                {reschedule.error instanceof ApiError && reschedule.error.status === 0 && (
                  <Text size="sm">Check your connection and try again.</Text>
                )}
              </Stack>
            </Notice>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Keep the current time
            </Button>
            <Button
              disabled={!startsAt || unchanged}
              loading={reschedule.isPending}
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
          </Group>
        </Stack>
      </AppModal>
    </>
  );
}
