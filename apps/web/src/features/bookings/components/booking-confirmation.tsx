import type { Booking, PublicConfig } from '@app/shared';
import { Anchor, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { REPLY_TO_EMAIL, reachUs } from '../../../lib/config/contact.ts';
import { formatDateTime, formatDuration, formatPrice } from '../../../lib/format.ts';
import { Link } from '../../../lib/links.tsx';
import { addOnsLine, visitMinutes } from '../add-on-words.ts';
import { calendarFileUrl } from '../api.ts';
import { emailedYou } from './booking-terms.tsx';
import { HeadedSection } from './headed-section.tsx';
import { Notice } from './notice.tsx';

type BookingConfirmationProps = {
  booking: Booking;
  timeZone: string;
  locale?: string;
  currency?: string;
  config?: PublicConfig;
};

/** A maps search of the address: a plain link, no map script on the page. */
export function mapSearchUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

/**
 * What a client sees once the server has the booking: confirmed at once (with the address), or requested and
 * waiting for the owner's approval (the address comes with the approval, never before).
 */
export function BookingConfirmation({ booking, timeZone, locale, currency, config }: BookingConfirmationProps) {
  const requested = booking.status === 'pending';
  const cutoffHours = config?.booking.cancellationCutoffHours ?? 24;
  const reach = reachUs(config?.contact);
  return (
    <Stack gap="lg">
      <Title order={1}>{requested ? 'Booking requested' : 'Booking confirmed'}</Title>
      <Notice color={requested ? 'yellow' : 'teal'} role="status" title={requested ? 'Requested' : 'Confirmed'}>
        {requested
          ? `Your booking is requested and your time is held. ${config?.emailEnabled ? 'We will email you as soon as it is approved.' : 'My bookings shows it as soon as it is approved.'}`
          : `Your booking is confirmed. ${emailedYou('the details', config?.emailEnabled)}`}
      </Notice>

      <Paper withBorder p="md">
        <Stack gap="xs">
          <Text>
            {booking.serviceName}, {formatDuration(visitMinutes(booking))},{' '}
            {formatPrice(booking.pricePence, locale, currency)}
          </Text>
          {addOnsLine(booking) && <Text>{addOnsLine(booking)}</Text>}
          {booking.voucherPaidPence > 0 && (
            <Text>{formatPrice(booking.voucherPaidPence, locale, currency)} paid by gift voucher</Text>
          )}
          {booking.coursePaid && <Text>Paid with a session of your course</Text>}
          <Text fw={600}>{formatDateTime(booking.startsAt, timeZone, locale)}</Text>
          {!requested && booking.address ? (
            <Group gap="sm" align="baseline">
              <Text>Address: {booking.address}</Text>
              <Anchor href={mapSearchUrl(booking.address)} target="_blank" rel="noopener noreferrer">
                Open in maps
              </Anchor>
            </Group>
          ) : requested ? (
            <Text size="sm">The address comes with the approval email.</Text>
          ) : null}
          <Group gap="sm" mt="xs">
            <Button component="a" href={calendarFileUrl(booking.id)} download="booking.ics" variant="light">
              Add to calendar
            </Button>
            <Anchor component={Link} to="/bookings">
              See my bookings
            </Anchor>
          </Group>
        </Stack>
      </Paper>

      <HeadedSection id="bring-heading" title="What to bring" size="h4" spacing="xs">
        <List size="sm" spacing={4}>
          <List.Item>Nothing but yourself: towels and oils are provided.</List.Item>
          <List.Item>Please arrive five minutes early, and eat lightly beforehand.</List.Item>
          <List.Item>Tell us about any injury, allergy or pregnancy before we start.</List.Item>
        </List>
      </HeadedSection>

      <HeadedSection id="cancel-heading" title="Changing or cancelling" size="h4" spacing="xs">
        <Text size="sm">
          You can move or cancel your booking on{' '}
          <Anchor component={Link} to="/bookings">
            My bookings
          </Anchor>{' '}
          up to {cutoffHours} hours before it starts. After that, please {reach ?? REPLY_TO_EMAIL}.
        </Text>
      </HeadedSection>
    </Stack>
  );
}
