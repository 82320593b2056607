import type { AdminBooking } from '@app/shared';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { dayTitle, groupByDay } from '../format.ts';
import { BookingLink, MoveLink } from './today.tsx';

/** Today and the next seven days, one section per day that has bookings, times on the business clock; each opens its sheet. */
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
                <BookingLink booking={booking} timeZone={timeZone} />
                <Group justify="flex-end">
                  <MoveLink booking={booking} timeZone={timeZone} />
                </Group>
              </Paper>
            ))}
          </Stack>
        </section>
      ))}
    </Stack>
  );
}
