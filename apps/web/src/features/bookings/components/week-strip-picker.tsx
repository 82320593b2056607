import { Button, Group, SimpleGrid, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { formatLongDate, localDateIn } from '../../../lib/format.ts';
import { addDays } from '../../../lib/zoned-time.ts';
import { slotsQuery } from '../api.ts';
import { FreeTimeButtons } from './free-time-buttons.tsx';

const dayParts = (date: string, locale: string) => {
  const at = new Date(`${date}T12:00:00Z`);
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, { timeZone: 'UTC', ...options });
  return { weekday: part({ weekday: 'short' }).format(at), day: part({ day: 'numeric' }).format(at) };
};

/**
 * A week of days around the booking's own day with the chosen day's free times for its treatment as buttons: moving
 * a booking to a nearby day is a tap on the day and one on the time, opened at its day rather than at today's month.
 */
export function WeekStripPicker({
  booking,
  value,
  onChange,
  timeZone,
  locale = 'en-GB',
}: {
  /** The booking being moved: its day is shown and chosen first. */
  booking: { serviceId: string; durationMinutes: number; startsAt: string };
  value: string | null;
  onChange: (startsAt: string) => void;
  timeZone: string;
  locale?: string;
}) {
  const { serviceId, durationMinutes } = booking;
  const startDay = localDateIn(booking.startsAt, timeZone);
  const today = localDateIn(new Date(), timeZone);
  const firstOf = (day: string) => {
    const earliest = addDays(day, -3);
    return earliest.localeCompare(today) < 0 ? today : earliest;
  };
  const [from, setFrom] = useState(() => firstOf(startDay));
  const [day, setDay] = useState(startDay.localeCompare(today) < 0 ? today : startDay);
  const to = addDays(from, 6);
  const slots = useQuery(slotsQuery(serviceId, durationMinutes, from, to));
  const byDay = new Map((slots.data?.days ?? []).map((d) => [d.date, d.slots]));
  const days = Array.from({ length: 7 }, (_, index) => addDays(from, index));
  const daySlots = byDay.get(day) ?? [];
  const zone = slots.data?.timeZone ?? timeZone;

  const turn = (weeks: number) => {
    const next = addDays(from, weeks * 7);
    const start = next.localeCompare(today) < 0 ? today : next;
    setFrom(start);
    setDay(start);
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Button variant="subtle" h={44} disabled={from <= today} onClick={() => turn(-1)}>
          Earlier week
        </Button>
        <Button variant="subtle" h={44} onClick={() => turn(1)}>
          Later week
        </Button>
      </Group>
      <SimpleGrid cols={7} spacing={4} role="group" aria-label="Days" aria-busy={slots.isFetching} data-from={from}>
        {days.map((date) => {
          const { weekday, day: number } = dayParts(date, locale);
          const free = byDay.get(date)?.length ?? 0;
          const chosen = date === day;
          return (
            <UnstyledButton
              key={date}
              aria-pressed={chosen}
              aria-label={formatLongDate(date, locale)}
              data-date={date}
              onClick={() => setDay(date)}
              mih={56}
              p={2}
              ta="center"
              style={{
                borderRadius: 'var(--mantine-radius-sm)',
                border: '1px solid var(--mantine-color-default-border)',
                background: chosen ? 'var(--mantine-primary-color-filled)' : undefined,
                color: chosen ? 'var(--mantine-primary-color-contrast)' : undefined,
                opacity: slots.isSuccess && free === 0 && !chosen ? 0.75 : 1,
              }}
            >
              <Text size="xs" inherit={chosen} aria-hidden>
                {weekday}
              </Text>
              <Text fw={700} inherit={chosen} aria-hidden>
                {number}
              </Text>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
      <Title order={3} size="h5">
        Times on {formatLongDate(day, locale)}
      </Title>
      {slots.isPending ? (
        <Skeleton height={88} role="status" aria-label="Loading free times" />
      ) : slots.isError ? (
        <LoadError title="Free times could not be loaded" error={slots.error} onRetry={() => slots.refetch()} />
      ) : daySlots.length === 0 ? (
        <Text>No free times this day.</Text>
      ) : (
        <FreeTimeButtons slots={daySlots} value={value} onChange={onChange} timeZone={zone} locale={locale} />
      )}
    </Stack>
  );
}
