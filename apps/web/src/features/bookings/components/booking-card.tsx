import type { Booking } from '@app/shared';
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { bookAgainLink } from '../../../lib/book-again-link.ts';
import { formatDateTime, formatDuration, formatPrice } from '../../../lib/format.ts';
import { Link } from '../../../lib/links.tsx';
import { addOnsLine, visitMinutes } from '../add-on-words.ts';
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
          {formatDuration(visitMinutes(booking))}, {formatPrice(booking.pricePence, locale, currency)}
        </Text>
        {addOnsLine(booking) && <Text size="sm">{addOnsLine(booking)}</Text>}
        {booking.voucherPaidPence > 0 && (
          <Text size="sm">{formatPrice(booking.voucherPaidPence, locale, currency)} paid by gift voucher</Text>
        )}
        {booking.coursePaid && <Text size="sm">Paid with a session of your course</Text>}
        {booking.address && <Text size="sm">Address: {booking.address}</Text>}
        {booking.status === 'cancelled' && (
          <Text size="sm" c="var(--app-muted)">
            Cancelled by {booking.cancelledBy === 'business' ? 'us' : 'you'}
            {booking.cancelReason ? `: ${booking.cancelReason}` : ''}
          </Text>
        )}
        {!upcoming && (
          // Same treatment and length, on the first free day's times.
          <Group mt="xs">
            <Button component={Link} to={bookAgainLink(booking)} variant="light" h={44}>
              Book again
            </Button>
          </Group>
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
