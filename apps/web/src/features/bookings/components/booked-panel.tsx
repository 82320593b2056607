import { Anchor, Button, Paper, Skeleton, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { usePublicConfig } from '../../config/api.ts';
import { bookingQuery } from '../api.ts';
import { BookingConfirmation } from './booking-confirmation.tsx';
import { Notice } from './notice.tsx';

type BookedPanelProps = {
  id: string;
  timeZone: string;
  locale?: string;
  currency?: string;
  bookAgain: () => void;
};

/** /book?booked=<id>: the booking just made (from the cache after confirming, from the server after a reload). */
export function BookedPanel({ id, timeZone, locale, currency, bookAgain }: BookedPanelProps) {
  const booking = useQuery(bookingQuery(id));
  const { data: config } = usePublicConfig();
  if (booking.isPending)
    return (
      <Stack gap="lg" aria-busy="true" aria-label="Loading your booking">
        <Skeleton height={36} width="60%" />
        <Skeleton height={56} />
        <Paper withBorder p="md">
          <Stack gap="xs">
            <Skeleton height={18} width="70%" />
            <Skeleton height={18} width="50%" />
            <Skeleton height={36} width={160} />
          </Stack>
        </Paper>
      </Stack>
    );
  if (booking.isError)
    return (
      <Stack gap="lg">
        <Title order={1}>Your booking</Title>
        <Notice color="red" title="This booking could not be shown" role="alert">
          <Anchor component={Link} to="/bookings">
            See my bookings
          </Anchor>
        </Notice>
      </Stack>
    );
  return (
    <Stack gap="md" align="stretch">
      <BookingConfirmation
        booking={booking.data}
        timeZone={timeZone}
        locale={locale}
        currency={currency}
        config={config}
      />
      <Button variant="subtle" onClick={bookAgain} style={{ alignSelf: 'flex-start' }}>
        Book another massage
      </Button>
    </Stack>
  );
}
