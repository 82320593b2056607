import '@mantine/dates/styles.css';
import { Button, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { slotsQuery } from '../api.ts';
import { addMonths, formatLocalDate, formatMonth, formatTime, localDateIn, monthRange } from '../format.ts';
import { Notice } from './notice.tsx';

export type SlotPickerProps = {
  serviceId: string;
  durationMinutes: number;
  /** The chosen start (ISO instant), or null. */
  value: string | null;
  onChange: (startsAt: string) => void;
  /** The business's zone until the slots answer names it. */
  timeZone: string;
  locale?: string;
  /** Heading level of 'Choose a day' / 'Choose a time', to fit the page around it. */
  headingLevel?: 2 | 3;
};

/**
 * A month of days with free times (days without any are disabled) and the times of the chosen day, as the server
 * computes them. Shared by /book and rescheduling on /bookings.
 */
export function SlotPicker({
  serviceId,
  durationMinutes,
  value,
  onChange,
  timeZone: fallbackZone,
  locale = 'en-GB',
  headingLevel = 2,
}: SlotPickerProps) {
  const today = localDateIn(new Date(), fallbackZone);
  const [day, setDay] = useState<string | null>(() => (value ? localDateIn(value, fallbackZone) : null));
  const [month, setMonth] = useState(() => monthRange(day ?? today).first);

  // A start chosen elsewhere (an alternative offered after a lost race) moves the calendar to its day.
  useEffect(() => {
    if (!value) return;
    const valueDay = localDateIn(value, fallbackZone);
    setDay(valueDay);
    setMonth(monthRange(valueDay).first);
  }, [value, fallbackZone]);

  const range = monthRange(month);
  const from = range.first.localeCompare(today) < 0 ? today : range.first;
  const inPast = range.last < today;
  const slots = useQuery({ ...slotsQuery(serviceId, durationMinutes, from, range.last), enabled: !inPast });
  const timeZone = slots.data?.timeZone ?? fallbackZone;

  const slotsByDay = useMemo(
    () => new Map((slots.data?.days ?? []).filter((d) => d.slots.length > 0).map((d) => [d.date, d.slots])),
    [slots.data],
  );
  const daySlots = day ? (slotsByDay.get(day) ?? []) : [];
  const nextMonth = addMonths(month, 1);

  return (
    <Stack gap="md">
      <Title order={headingLevel} size="h4">
        Choose a day
      </Title>
      <Group align="flex-start" gap="xl">
        <DatePicker
          value={day}
          onChange={(picked) => {
            setDay(picked);
            if (picked) setMonth(monthRange(picked).first);
          }}
          date={month}
          onDateChange={(shown) => setMonth(monthRange(shown).first)}
          minDate={today}
          maxLevel="month"
          // Saturdays are working days here; the default red would only mislead (and fails contrast).
          weekendDays={[]}
          styles={{ weekday: { color: 'var(--mantine-color-gray-7)' } }}
          excludeDate={(date) => !slotsByDay.has(date)}
          getDayAriaLabel={(date) => formatLocalDate(date, locale)}
          ariaLabels={{ previousMonth: 'Previous month', nextMonth: 'Next month' }}
          aria-busy={slots.isFetching}
        />
        <Stack gap="sm" style={{ flex: 1, minWidth: 240 }}>
          {slots.isPending && !inPast ? (
            <Group gap="xs">
              <Loader size="sm" />
              <Text>Loading free times…</Text>
            </Group>
          ) : slots.isError ? (
            <Notice color="red" title="Free times could not be loaded" role="alert">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{slots.error.message}</Text>
                <Button size="xs" variant="light" onClick={() => slots.refetch()}>
                  Try again
                </Button>
              </Stack>
            </Notice>
          ) : slotsByDay.size === 0 ? (
            <Notice color="yellow" title={`No free times in ${formatMonth(month, locale)}`}>
              <Stack gap="xs" align="flex-start">
                <Text size="sm">The next weeks may have room.</Text>
                <Button size="xs" variant="light" onClick={() => setMonth(nextMonth)}>
                  Show {formatMonth(nextMonth, locale)}
                </Button>
              </Stack>
            </Notice>
          ) : !day || day.slice(0, 7) !== month.slice(0, 7) ? (
            <Text>Choose a day to see its free times.</Text>
          ) : (
            <>
              <Title order={headingLevel} size="h4">
                Times on {formatLocalDate(day, locale)}
              </Title>
              {daySlots.length === 0 ? (
                <Text>No free times left on this day. Please choose another day.</Text>
              ) : (
                <SimpleGrid cols={{ base: 3, xs: 4 }} spacing="xs" role="group" aria-label="Free times">
                  {daySlots.map((slot) => (
                    <Button
                      key={slot}
                      variant={slot === value ? 'filled' : 'default'}
                      aria-pressed={slot === value}
                      onClick={() => onChange(slot)}
                    >
                      {formatTime(slot, timeZone, locale)}
                    </Button>
                  ))}
                </SimpleGrid>
              )}
              <Text size="sm" c="var(--app-muted)">
                Times are in {timeZone.replace('_', ' ')} time.
              </Text>
            </>
          )}
        </Stack>
      </Group>
    </Stack>
  );
}
