import type { Booking } from '@app/shared';
import { Button, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '../../../lib/page-title.ts';
import { usePublicConfig } from '../../config/api.ts';
import { myBookingsQuery } from '../api.ts';
import { BookingCard } from '../components/booking-card.tsx';
import { CancelBookingButton } from '../components/cancel-booking-button.tsx';
import { Notice } from '../components/notice.tsx';
import { RescheduleBookingButton } from '../components/reschedule-booking-button.tsx';
import { formatDateTime } from '../format.ts';

/** /bookings — the signed-in client's own bookings, to move, cancel or add to a calendar. */
export function BookingsPage() {
  usePageTitle('My bookings');
  const { data: config } = usePublicConfig();
  const bookings = useQuery(myBookingsQuery);
  const timeZone = config?.timeZone ?? 'Europe/London';
  const locale = config?.locale;
  const currency = config?.currency;
  // The server decides the cut-off (and says it in /api/config); a refusal as too late shows its own message.
  const [tooLate, setTooLate] = useState<Record<string, string>>({});
  const onTooLate = (id: string) => (message: string) => setTooLate((current) => ({ ...current, [id]: message }));
  const cutoffHours = config?.booking.cancellationCutoffHours;
  const phone = config?.contact.phone;
  const callUs =
    cutoffHours !== undefined
      ? `Changes within ${cutoffHours} hours: please call us${phone ? ` on ${phone}` : ''}.`
      : 'Changes this close to the appointment: please call us.';

  const card = (booking: Booking, upcoming: boolean) => (
    <BookingCard
      key={booking.id}
      booking={booking}
      timeZone={timeZone}
      locale={locale}
      currency={currency}
      upcoming={upcoming}
      actions={
        booking.changeableByClient && !tooLate[booking.id] ? (
          <>
            <RescheduleBookingButton
              booking={booking}
              timeZone={timeZone}
              locale={locale}
              onTooLate={onTooLate(booking.id)}
            />
            <CancelBookingButton
              booking={booking}
              when={formatDateTime(booking.startsAt, timeZone, locale)}
              onTooLate={onTooLate(booking.id)}
            />
          </>
        ) : (
          <Text size="sm" role={tooLate[booking.id] ? 'alert' : undefined}>
            {tooLate[booking.id] ?? callUs}
          </Text>
        )
      }
    />
  );

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={1}>My bookings</Title>
          <Button component={Link} to="/book" variant="light">
            Book a massage
          </Button>
        </Group>
        {bookings.isPending ? (
          <Stack gap="sm" role="status" aria-label="Loading your bookings">
            <Skeleton height={24} width={140} radius="sm" />
            <Skeleton height={112} radius="md" />
            <Skeleton height={112} radius="md" />
          </Stack>
        ) : bookings.isError ? (
          <Notice color="red" title="Your bookings could not be loaded" role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{bookings.error.message}</Text>
              <Button size="xs" variant="light" onClick={() => bookings.refetch()}>
                Try again
              </Button>
            </Stack>
          </Notice>
        ) : (
          <>
            <section aria-labelledby="upcoming-heading">
              <Title order={2} size="h3" id="upcoming-heading" mb="sm">
                Upcoming
              </Title>
              {bookings.data.upcoming.length === 0 ? (
                <Text>No upcoming bookings.</Text>
              ) : (
                <Stack gap="sm">{bookings.data.upcoming.map((booking) => card(booking, true))}</Stack>
              )}
            </section>
            <section aria-labelledby="past-heading">
              <Title order={2} size="h3" id="past-heading" mb="sm">
                Past and cancelled
              </Title>
              {bookings.data.past.length === 0 ? (
                <Text>Nothing here yet.</Text>
              ) : (
                <Stack gap="sm">{bookings.data.past.map((booking) => card(booking, false))}</Stack>
              )}
            </section>
          </>
        )}
      </Stack>
    </Container>
  );
}
