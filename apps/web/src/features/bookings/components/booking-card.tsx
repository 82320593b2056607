import type { Booking } from '@app/shared';
import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDateTime, formatDuration, formatPrice } from '../../../lib/format.ts';
import { calendarFileUrl } from '../api.ts';
import { BookingStatusBadge } from './booking-status-badge.tsx';

type BookingCardProps = {
  booking: Booking;
  timeZone: string;
  locale?: string;
  currency?: string;
  upcoming: boolean;
  /** Reschedule and cancel controls, or the reason there are none. */
  actions?: ReactNode;
};

export function BookingCard({ booking, timeZone, locale, currency, upcoming, actions }: BookingCardProps) {
  const when = formatDateTime(booking.startsAt, timeZone, locale);
  return (
    <Card withBorder padding="lg" component="article" aria-label={`${booking.serviceName}, ${when}`}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={3} size="h4">
            {booking.serviceName}
          </Title>
          <BookingStatusBadge status={booking.status} />
        </Group>
        <Text fw={600}>{when}</Text>
        <Text size="sm">
          {formatDuration(booking.durationMinutes)}, {formatPrice(booking.pricePence, locale, currency)}
        </Text>
        {booking.voucherPaidPence > 0 && (
          <Text size="sm">{formatPrice(booking.voucherPaidPence, locale, currency)} paid by gift voucher</Text>
        )}
        {booking.address && <Text size="sm">Address: {booking.address}</Text>}
        {booking.status === 'cancelled' && (
          <Text size="sm" c="var(--app-muted)">
            Cancelled by {booking.cancelledBy === 'business' ? 'us' : 'you'}
            {booking.cancelReason ? `: ${booking.cancelReason}` : ''}
          </Text>
        )}
        {upcoming && (
          <Group gap="md" mt="xs" align="center">
            <Anchor href={calendarFileUrl(booking.id)} download="booking.ics">
              Add to calendar
            </Anchor>
            {actions}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
