import { type WaitlistEntry, waitlistDayLabels } from '@app/shared';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { formatDateTime, formatShortDate } from '../../../lib/format.ts';
import { Link } from '../../../lib/links.tsx';
import { myWaitlistQuery, useLeaveWaitlist } from '../../../lib/waitlist/api.ts';
import { HeadedSection } from './headed-section.tsx';

/** The client's waitlist on /bookings: what they wait for, any time offered now, and leaving in one tap. */
export function MyWaitlist({ timeZone, locale }: { timeZone: string; locale?: string }) {
  const waitlist = useQuery(myWaitlistQuery);
  const leave = useLeaveWaitlist();
  const entries = waitlist.data?.entries ?? [];
  if (entries.length === 0) return null;
  return (
    <HeadedSection id="waitlist-heading" title="Waitlist">
      <Stack gap="sm">
        <FailureAlert error={leave.error} />
        {entries.map((entry) => (
          <Card key={entry.id} withBorder padding="md">
            <Stack gap="xs">
              <Text fw={600}>
                {entry.serviceName}, {entry.durationMinutes} minutes
              </Text>
              <Text size="sm">{rangeText(entry, locale)}</Text>
              {entry.offers.map((offer) => (
                <Group key={offer.id} gap="sm">
                  <Text size="sm">A time is free: {formatDateTime(offer.startsAt, timeZone, locale)}.</Text>
                  {/* The card's primary action: a whole 44 px target, as every primary action (global.css). */}
                  <Button component={Link} to={`/waitlist/offers/${offer.id}`}>
                    Book it
                  </Button>
                </Group>
              ))}
              <Group>
                <Button
                  size="xs"
                  variant="default"
                  loading={leave.isPending && leave.variables === entry.id}
                  onClick={() => leave.mutateAsync(entry.id).catch(() => {})}
                  aria-label={`Leave the waitlist for ${entry.serviceName} from ${formatShortDate(entry.fromDate, locale)}`}
                >
                  Leave the waitlist
                </Button>
              </Group>
            </Stack>
          </Card>
        ))}
      </Stack>
    </HeadedSection>
  );
}

export function rangeText(entry: WaitlistEntry, locale?: string) {
  const hours =
    entry.fromTime === '00:00' && entry.toTime === '24:00' ? 'any time' : `starting ${entry.fromTime}–${entry.toTime}`;
  return `${formatShortDate(entry.fromDate, locale)} to ${formatShortDate(entry.toDate, locale)}, ${waitlistDayLabels[entry.days].toLowerCase()}, ${hours}`;
}
