import type { AdminBooking } from '@app/shared';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatDuration, formatTime } from '../../../lib/format.ts';
import { dayTitle, groupByDay } from '../format.ts';
import { StatusBadge } from './status-badge.tsx';

/** Today and the next seven days, one section per day that has bookings, times on the business clock. */
export function Timeline({ bookings, today, timeZone }: { bookings: AdminBooking[]; today: string; timeZone: string }) {
  if (bookings.length === 0) return <Text>No bookings in the next eight days.</Text>;
  return (
    <Stack gap="md">
      {groupByDay(bookings, timeZone).map(([day, items]) => (
        <section key={day} aria-labelledby={`day-${day}`}>
          <Title order={3} size="h5" id={`day-${day}`} mb={6}>
            {dayTitle(day, today)}
          </Title>
          <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {items.map((booking) => (
              <Paper component="li" key={booking.id} withBorder p="xs" radius="sm">
                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600}>
                      {formatTime(booking.startsAt, timeZone)}–{formatTime(booking.endsAt, timeZone)}{' '}
                      {booking.clientName}
                    </Text>
                    <Text size="sm" c="var(--app-muted)">
                      {booking.serviceName}, {formatDuration(booking.durationMinutes)}
                    </Text>
                  </div>
                  <StatusBadge status={booking.status} />
                </Group>
              </Paper>
            ))}
          </Stack>
        </section>
      ))}
    </Stack>
  );
}
