import type { AdminBooking, Takings, TakingsWay } from '@app/shared';
import { Button, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { formatDuration, formatPrice, formatTime } from '../../../lib/format.ts';
import { Link } from '../../../lib/links.tsx';
import { useTakeCash } from '../api.ts';
import { dayTitle } from '../format.ts';
import { bookingSheetLink, dueOf, movable, todaysBookings } from '../today.ts';
import { DashboardStatusBadge } from './status-badge.tsx';

const wayNames: Record<TakingsWay, string> = {
  cash: 'cash',
  card: 'card',
  bank_transfer: 'bank transfer',
  online: 'paid online',
};

/**
 * The top of the morning view: one 'New booking', the day's takings and what is still to take, today's appointments
 * (the next one first), each opening its booking sheet, and what is still unpaid taken with one tap by cash.
 */
export function Today({
  bookings,
  takings,
  today,
  timeZone,
  pendingCount,
}: {
  bookings: AdminBooking[];
  takings: Takings;
  today: string;
  timeZone: string;
  pendingCount: number;
}) {
  const todays = todaysBookings(bookings, today, timeZone);
  const unpaid = todays.reduce((sum, booking) => sum + dueOf(booking), 0);
  const next = todays.find((booking) => Date.parse(booking.endsAt) > Date.now() && booking.status !== 'completed');
  return (
    <Paper component="section" aria-labelledby="today-title" withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          {/* 'Your day', not the date: the timeline's own section for today is named by the date. */}
          <div>
            <Title order={2} size="h4" id="today-title">
              Your day
            </Title>
            <Text size="sm" c="var(--app-muted)">
              {dayTitle(today, today)}
            </Text>
          </div>
          <Button component={Link} to="/manage_bookings?new=1" h={44}>
            New booking
          </Button>
        </Group>
        <Group gap="md" wrap="wrap" align="flex-start">
          {/* Money received today from the books, whatever it was for; 'Still to take' is today's appointments'. */}
          <div>
            <Text size="sm">
              Taken today: <strong>{formatPrice(takings.totalPence)}</strong>
            </Text>
            {takings.byWay.length > 0 && (
              <Text size="xs" c="var(--app-muted)">
                {takings.byWay.map(({ way, pence }) => `${formatPrice(pence)} ${wayNames[way]}`).join(' · ')}
              </Text>
            )}
          </div>
          <Text size="sm">
            Still to take: <strong>{formatPrice(unpaid)}</strong>
          </Text>
          {pendingCount > 0 && (
            <Text size="sm" component={Link} to="#pending-title" td="underline" mih={24} display="inline-block">
              {pendingCount === 1 ? '1 request waiting' : `${pendingCount} requests waiting`}
            </Text>
          )}
        </Group>
        {todays.length === 0 ? (
          <Text>No appointments today.</Text>
        ) : (
          <Stack gap={6} component="ul" aria-label="Today's appointments" style={{ listStyle: 'none', padding: 0 }}>
            {todays.map((booking) => (
              <TodayRow key={booking.id} booking={booking} timeZone={timeZone} next={booking.id === next?.id} />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

function TodayRow({ booking, timeZone, next }: { booking: AdminBooking; timeZone: string; next: boolean }) {
  const take = useTakeCash();
  const [taken, setTaken] = useState<number | null>(null);
  const due = dueOf(booking);
  return (
    <Paper
      component="li"
      withBorder
      p="xs"
      radius="sm"
      // The next appointment stands out by its edge, not a tint the buttons would fade into.
      style={next ? { borderInlineStart: '4px solid var(--mantine-primary-color-filled)' } : undefined}
    >
      <Stack gap={6}>
        <BookingLink booking={booking} timeZone={timeZone} label={next ? 'Next' : undefined} />
        <Group gap="xs" wrap="wrap" justify="space-between">
          {taken !== null ? (
            <Text size="sm" role="status">
              {formatPrice(taken)} taken by cash.
            </Text>
          ) : due > 0 ? (
            <Button
              h={44}
              variant="light"
              loading={take.isPending}
              onClick={() => take.mutate({ id: booking.id, amountPence: due }, { onSuccess: () => setTaken(due) })}
            >
              Take {formatPrice(due)} by cash
            </Button>
          ) : (
            <span />
          )}
          <MoveLink booking={booking} timeZone={timeZone} />
        </Group>
        {take.isError && (
          <Text size="sm" c="var(--app-danger-text)" role="alert">
            {take.error.message}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** A booking as one tappable row: time, client, treatment; opens its sheet in the diary. */
export function BookingLink({ booking, timeZone, label }: { booking: AdminBooking; timeZone: string; label?: string }) {
  return (
    <UnstyledButton
      component={Link}
      to={bookingSheetLink(booking, timeZone)}
      mih={44}
      w="100%"
      style={{ display: 'block', minWidth: 0 }}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {label && `${label}: `}
            {formatTime(booking.startsAt, timeZone)}–{formatTime(booking.endsAt, timeZone)} {booking.clientName}
          </Text>
          <Text size="sm" c="var(--app-muted)">
            {booking.serviceName}, {formatDuration(booking.durationMinutes)}
          </Text>
        </div>
        <DashboardStatusBadge status={booking.status} />
      </Group>
    </UnstyledButton>
  );
}

/** 'Move' straight into the reschedule dialog of a booking still to come (the sheet stays beneath it). */
export function MoveLink({ booking, timeZone }: { booking: AdminBooking; timeZone: string }) {
  if (!movable(booking)) return null;
  return (
    <Button
      component={Link}
      to={`${bookingSheetLink(booking, timeZone)}&move=1`}
      variant="default"
      h={44}
      aria-label={`Move ${booking.clientName}'s booking at ${formatTime(booking.startsAt, timeZone)}`}
    >
      Move
    </Button>
  );
}
