import '@mantine/dates/styles.css';
import { Button, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { usePublicConfig } from '../../../lib/config/api.ts';
import { formatLongDate, formatMonth, localDateIn } from '../../../lib/format.ts';
import { addDays, addMonths, monthRange } from '../../../lib/zoned-time.ts';
import { useChosenAddOnIds } from '../add-ons-choice.ts';
import { slotsQuery } from '../api.ts';
import { nextFreeDay } from '../funnel.ts';
import { useArrowsAcrossMonths } from './day-grid-arrows.ts';
import { FreeTimeButtons } from './free-time-buttons.tsx';
import { JoinWaitlist } from './join-waitlist.tsx';
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
  /** Heading level of 'Choose a day' / 'Times on …', to fit the page around it. */
  headingLevel?: 2 | 3;
  /** The chosen day, when the page keeps it (in the address); otherwise the picker does. */
  day?: string | null;
  /** A day chosen by the visitor (`picked`) or for them: the first day with free times. */
  onDayChange?: (day: string, how: { picked: boolean }) => void;
  /** The calendar and the times side by side, or one of them (a phone shows one per screen). */
  view?: 'both' | 'day' | 'time';
};

const timesSkeleton = (
  <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading free times">
    <Skeleton height={20} width="40%" />
    <SimpleGrid cols={{ base: 3, xs: 4 }} spacing="xs">
      {['a', 'b', 'c', 'd', 'e', 'f'].map((placeholder) => (
        <Skeleton key={placeholder} height={36} />
      ))}
    </SimpleGrid>
  </Stack>
);

/**
 * A month of days with free times (days without any are disabled) and the times of the chosen day in Morning /
 * Afternoon / Evening, as the server computes them. The first day with free times is chosen for the visitor.
 * Shared by /book and rescheduling on /bookings.
 */
export function SlotPicker({
  serviceId,
  durationMinutes,
  value,
  onChange,
  timeZone: fallbackZone,
  locale = 'en-GB',
  headingLevel = 2,
  day: controlledDay,
  onDayChange,
  view = 'both',
}: SlotPickerProps) {
  const today = localDateIn(new Date(), fallbackZone);
  const [ownDay, setOwnDay] = useState<string | null>(() => (value ? localDateIn(value, fallbackZone) : null));
  const day = controlledDay !== undefined ? controlledDay : ownDay;
  const setDay = (next: string, picked: boolean) => {
    setOwnDay(next);
    onDayChange?.(next, { picked });
  };
  const [month, setMonth] = useState(() => monthRange(day ?? today).first);

  // A start chosen elsewhere (an alternative offered after a lost race) moves the calendar to its day.
  useEffect(() => {
    if (!value) return;
    const valueDay = localDateIn(value, fallbackZone);
    setOwnDay(valueDay);
    setMonth(monthRange(valueDay).first);
  }, [value, fallbackZone]);
  useEffect(() => {
    if (controlledDay) setMonth(monthRange(controlledDay).first);
  }, [controlledDay]);

  // The times of one day are asked with the weeks after it, so a day without any can offer the next free one.
  const range = view === 'time' && day ? { first: day, last: addDays(day, 31) } : monthRange(month);
  const from = range.first.localeCompare(today) < 0 ? today : range.first;
  const inPast = range.last < today;
  // With the add-ons chosen in the funnel: times where the whole length fits.
  const addOnIds = useChosenAddOnIds();
  const slots = useQuery({ ...slotsQuery(serviceId, durationMinutes, from, range.last, addOnIds), enabled: !inPast });
  const timeZone = slots.data?.timeZone ?? fallbackZone;

  const slotsByDay = useMemo(
    () => new Map((slots.data?.days ?? []).filter((d) => d.slots.length > 0).map((d) => [d.date, d.slots])),
    [slots.data],
  );
  const daySlots = day ? (slotsByDay.get(day) ?? []) : [];
  const nextMonth = addMonths(month, 1);
  const freeDays = [...slotsByDay.keys()];
  const followingFreeDay = nextFreeDay(day, freeDays);
  const horizonDays = usePublicConfig().data?.booking.horizonDays ?? 60;
  const arrows = useArrowsAcrossMonths({
    month,
    showMonth: setMonth,
    freeDays: slotsByDay,
    loaded: slots.isSuccess,
    today,
    lastDay: addDays(today, horizonDays),
    dayLabel: (date) => formatLongDate(date, locale),
  });

  // The first day with free times is chosen for the visitor (a month without any offers the next instead).
  // biome-ignore lint/correctness/useExhaustiveDependencies: setDay is a new function each render; the choice follows the answer
  useEffect(() => {
    if (day || !slots.isSuccess || view === 'time') return;
    const first = nextFreeDay(null, [...slotsByDay.keys()]);
    if (first) setDay(first, false);
  }, [day, slots.isSuccess, slotsByDay, view]);

  const calendar = (
    <div ref={arrows.grid}>
      <DatePicker
        value={day}
        onChange={(picked) => {
          if (!picked) return;
          setDay(picked, true);
          setMonth(monthRange(picked).first);
        }}
        date={month}
        onDateChange={(shown) => setMonth(monthRange(shown).first)}
        minDate={today}
        maxLevel="month"
        // Saturdays are working days here; the default red would only mislead (and fails contrast).
        weekendDays={[]}
        styles={{ weekday: { color: 'var(--app-muted)' } }}
        excludeDate={(date) => !slotsByDay.has(date)}
        getDayAriaLabel={(date) => formatLongDate(date, locale)}
        getDayProps={(date) => ({ onKeyDown: (event) => arrows.onDayKeyDown(date, event) })}
        ariaLabels={{ previousMonth: 'Previous month', nextMonth: 'Next month' }}
        aria-busy={slots.isFetching}
      />
    </div>
  );

  const times =
    slots.isPending && !inPast ? (
      timesSkeleton
    ) : slots.isError ? (
      <LoadError title="Free times could not be loaded" error={slots.error} onRetry={() => slots.refetch()} />
    ) : view !== 'time' && slotsByDay.size === 0 ? (
      <Notice color="yellow" title={`No free times in ${formatMonth(month, locale)}`}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">The next weeks may have room.</Text>
          <Button size="xs" variant="light" onClick={() => setMonth(nextMonth)}>
            Show {formatMonth(nextMonth, locale)}
          </Button>
        </Stack>
      </Notice>
    ) : !day || (view !== 'time' && day.slice(0, 7) !== month.slice(0, 7)) ? (
      <Text>Choose a day to see its free times.</Text>
    ) : (
      <>
        <Title order={headingLevel} size="h4">
          Times on {formatLongDate(day, locale)}
        </Title>
        {daySlots.length === 0 ? (
          <Notice color="yellow" title="No free times this day">
            <Stack gap="xs" align="flex-start">
              {followingFreeDay ? (
                <>
                  <Text size="sm">The next day with free times is {formatLongDate(followingFreeDay, locale)}.</Text>
                  <Button size="sm" variant="light" onClick={() => setDay(followingFreeDay, true)}>
                    Show {formatLongDate(followingFreeDay, locale)}
                  </Button>
                </>
              ) : (
                <>
                  <Text size="sm">The weeks that follow are full too.</Text>
                  <Button size="sm" variant="light" onClick={() => setDay(addDays(range.last, 1), true)}>
                    Look further ahead
                  </Button>
                </>
              )}
              <JoinWaitlist serviceId={serviceId} durationMinutes={durationMinutes} day={day} locale={locale} />
            </Stack>
          </Notice>
        ) : (
          <FreeTimeButtons slots={daySlots} value={value} onChange={onChange} timeZone={timeZone} locale={locale} />
        )}
        <Text size="sm" c="var(--app-muted)">
          Times are in {timeZone.replace('_', ' ')} time.
        </Text>
      </>
    );

  if (view === 'day')
    return (
      <Stack gap="md">
        {calendar}
        {!slots.isPending && slots.isError && times}
        {!slots.isPending && !slots.isError && slotsByDay.size === 0 && times}
      </Stack>
    );
  if (view === 'time')
    return (
      <Stack gap="sm" style={{ minWidth: 0 }}>
        {times}
      </Stack>
    );
  return (
    <Stack gap="md">
      <Title order={headingLevel} size="h4">
        Choose a day
      </Title>
      <Group align="flex-start" gap="xl">
        {calendar}
        <Stack gap="sm" style={{ flex: 1, minWidth: 240 }}>
          {times}
        </Stack>
      </Group>
    </Stack>
  );
}
