import type { Booking } from '@app/shared';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDuration, formatPrice } from '../../../lib/format.ts';
import { calendarFileUrl } from '../api.ts';
import { formatDateTime } from '../format.ts';
import { Notice } from './notice.tsx';

type BookingConfirmationProps = {
  booking: Booking;
  timeZone: string;
  locale?: string;
  currency?: string;
};

/** What a client sees once the server has the booking: confirmed at once, or waiting for the owner's approval. */
export function BookingConfirmation({ booking, timeZone, locale, currency }: BookingConfirmationProps) {
  const pending = booking.status === 'pending';
  return (
    <Notice
      color={pending ? 'yellow' : 'teal'}
      role="status"
      title={pending ? 'Booking received: waiting for approval' : 'Booking confirmed'}
    >
      <Stack gap="xs">
        <Text>
          {booking.serviceName}, {formatDuration(booking.durationMinutes)},{' '}
          {formatPrice(booking.pricePence, locale, currency)}
        </Text>
        <Text fw={600}>{formatDateTime(booking.startsAt, timeZone, locale)}</Text>
        {pending ? (
          <Text size="sm">We will email you as soon as your booking is approved.</Text>
        ) : (
          <Text size="sm">We have emailed you the details.</Text>
        )}
        {booking.address && <Text size="sm">Address: {booking.address}</Text>}
        <Group gap="sm" mt="xs">
          <Button component="a" href={calendarFileUrl(booking.id)} download="booking.ics" variant="light">
            Add to calendar
          </Button>
          <Anchor component={Link} to="/bookings">
            See my bookings
          </Anchor>
        </Group>
      </Stack>
    </Notice>
  );
}
