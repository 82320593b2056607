import { Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
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
  if (booking.isPending)
    return (
      <Group gap="xs">
        <Loader size="sm" />
        <Text>Loading…</Text>
      </Group>
    );
  if (booking.isError)
    return (
      <Notice color="red" title="This booking could not be shown" role="alert">
        <Anchor component={Link} to="/bookings">
          See my bookings
        </Anchor>
      </Notice>
    );
  return (
    <Stack gap="md" align="flex-start">
      <BookingConfirmation booking={booking.data} timeZone={timeZone} locale={locale} currency={currency} />
      <Button variant="subtle" onClick={bookAgain}>
        Book another massage
      </Button>
    </Stack>
  );
}
