import type { Booking } from '@app/shared';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { bookAgainLink } from '../../../lib/book-again-link.ts';
import { usePublicConfig } from '../../../lib/config/api.ts';
import { formatDateTime, formatDuration } from '../../../lib/format.ts';
import { Link } from '../../../lib/links.tsx';

/** The signed-in client's own bookings (the same answer and key as /bookings uses). */
const myBookingsQuery = queryOptions({
  queryKey: ['bookings', 'mine'],
  queryFn: () => apiFetch<{ upcoming: Booking[]; past: Booking[] }>('/bookings'),
  staleTime: 0,
});

/**
 * The signed-in client's home: their next appointment, and 'Book again' with the treatment and length of their last
 * visit (two taps from here: a time, then Confirm, their details being known).
 */
export default function YourVisits() {
  const bookings = useQuery(myBookingsQuery);
  const { data: config } = usePublicConfig();
  const timeZone = config?.timeZone ?? 'Europe/London';
  const next = bookings.data?.upcoming.find((booking) => booking.status !== 'cancelled');
  const last = bookings.data?.past.find((booking) => booking.status === 'completed') ?? next;
  if (!next && !last) return null;
  return (
    <Paper component="section" aria-labelledby="your-visits" withBorder radius="md" p="md" maw={560}>
      <Stack gap="xs">
        <Title order={2} size="h4" id="your-visits">
          Your visits
        </Title>
        {next ? (
          <Text>
            Next: {next.serviceName}, {formatDuration(next.durationMinutes)},{' '}
            <strong>{formatDateTime(next.startsAt, timeZone, config?.locale)}</strong>
          </Text>
        ) : (
          <Text>No appointment booked.</Text>
        )}
        <Group gap="xs">
          {last && (
            <Button component={Link} to={bookAgainLink(last)} h={44}>
              Book {last.serviceName}, {formatDuration(last.durationMinutes)} again
            </Button>
          )}
          <Button component={Link} to="/bookings" variant="default" h={44}>
            My bookings
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
