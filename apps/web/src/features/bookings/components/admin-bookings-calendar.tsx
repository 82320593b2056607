import type { CalendarOptions, DatesSetArg, EventDropArg } from '@fullcalendar/core';
import enGb from '@fullcalendar/core/locales/en-gb';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import timeGridPlugin from '@fullcalendar/timegrid';
import { Alert, Box, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { FullCalendar } from '../../../components/full-calendar.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { addDays, fromWallClock, toWallClock, wallDate } from '../../../lib/zoned-time.ts';
import { adminBookingsQuery, useMoveBooking } from '../admin-api.ts';
import { alternativesOf } from '../api.ts';
import { formatDateTime, formatTime } from '../format.ts';
import { bookingEvents } from './admin-calendar-events.ts';

const readableTitle = { title: { color: 'var(--mantine-color-text)' } };
const time24 = { hour: '2-digit', minute: '2-digit', hour12: false } as const;

type Outcome = { kind: 'moved' | 'refused'; text: string; alternatives?: string[] };

/**
 * Day, week and month of bookings on the business clock. Dragging a booking asks the server to move it; a refusal
 * puts it back where it was and says why.
 */
export function AdminBookingsCalendar({
  timeZone,
  initialDate,
  onOpen,
}: {
  timeZone: string;
  /** 'YYYY-MM-DD' to open on, e.g. from a link; today otherwise. */
  initialDate?: string;
  onOpen: (bookingId: string) => void;
}) {
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [phone] = useState(
    () => typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 48em)').matches,
  );
  const move = useMoveBooking();
  const bookings = useQuery({
    ...adminBookingsQuery({ from: range?.from, to: range?.to, pageSize: 500 }),
    enabled: range !== null,
  });

  const events = useMemo(() => bookingEvents(bookings.data?.bookings ?? [], timeZone), [bookings.data, timeZone]);
  const byId = useMemo(
    () => new Map((bookings.data?.bookings ?? []).map((booking) => [booking.id, booking])),
    [bookings.data],
  );

  const onDrop = (info: EventDropArg) => {
    const booking = byId.get(info.event.id);
    if (!booking || !info.event.start) return info.revert();
    const startsAt = fromWallClock(info.event.start, timeZone).toISOString();
    setOutcome(null);
    move.mutate(
      { id: booking.id, startsAt, version: booking.version },
      {
        onSuccess: () =>
          setOutcome({
            kind: 'moved',
            text: `${booking.clientName} moved to ${formatDateTime(startsAt, timeZone)}. The client is emailed.`,
          }),
        onError: (error) => {
          info.revert();
          setOutcome({
            kind: 'refused',
            text: `${booking.clientName} was not moved: ${error instanceof ApiError ? error.message : 'the server did not answer.'}`,
            alternatives: alternativesOf(error),
          });
        },
      },
    );
  };

  const options: CalendarOptions = {
    plugins: [dayGridPlugin, timeGridPlugin, interactionPlugin],
    // Wall-clock times as UTC: see lib/zoned-time.ts.
    timeZone: 'UTC',
    // Day headers and titles as the owner writes dates (25/11, not 11/25).
    locale: enGb,
    now: () => toWallClock(Date.now(), timeZone),
    initialView: phone ? 'timeGridDay' : 'timeGridWeek',
    initialDate,
    headerToolbar: phone
      ? { left: 'prev,next', center: 'title', right: 'today' }
      : { left: 'prev,next today', center: 'title', right: 'timeGridDay,timeGridWeek,dayGridMonth' },
    footerToolbar: phone ? { center: 'timeGridDay,timeGridWeek,dayGridMonth' } : undefined,
    buttonText: { today: 'Today', day: 'Day', week: 'Week', month: 'Month' },
    titleFormat: phone ? { day: 'numeric', month: 'short' } : { day: 'numeric', month: 'long', year: 'numeric' },
    firstDay: 1,
    allDaySlot: false,
    slotMinTime: '07:00:00',
    slotMaxTime: '23:00:00',
    scrollTime: '09:00:00',
    slotDuration: '00:30:00',
    snapDuration: '00:15:00',
    slotLabelFormat: time24,
    eventTimeFormat: time24,
    dayHeaderFormat: phone
      ? { weekday: 'narrow', day: 'numeric' }
      : { weekday: 'short', day: 'numeric', month: 'numeric' },
    height: 'auto',
    nowIndicator: true,
    editable: true,
    eventDurationEditable: false,
    longPressDelay: 400,
    events,
    eventDrop: onDrop,
    eventClick: (info) => onOpen(info.event.id),
    datesSet: (arg: DatesSetArg) => {
      const next = { from: wallDate(arg.start), to: addDays(wallDate(arg.end), -1) };
      setRange((current) => (current?.from === next.from && current.to === next.to ? current : next));
    },
  };

  return (
    <Stack gap="sm">
      <div role="status">
        {outcome?.kind === 'moved' && (
          <Alert color="teal" title="Moved" styles={readableTitle} withCloseButton onClose={() => setOutcome(null)}>
            {outcome.text}
          </Alert>
        )}
      </div>
      {outcome?.kind === 'refused' && (
        <Alert
          color="red"
          title="Not moved"
          role="alert"
          styles={readableTitle}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setOutcome(null)}
        >
          <Text size="sm">{outcome.text}</Text>
          {outcome.alternatives && outcome.alternatives.length > 0 && (
            <Text size="sm">Free nearby: {outcome.alternatives.map((at) => formatTime(at, timeZone)).join(', ')}.</Text>
          )}
        </Alert>
      )}
      <Group gap="xs" mih={24}>
        {(bookings.isFetching || move.isPending) && (
          <>
            <Loader size="xs" />
            <Text size="sm">{move.isPending ? 'Moving…' : 'Loading bookings…'}</Text>
          </>
        )}
        {bookings.isError && (
          <Text size="sm" c="red.8" role="alert">
            Bookings could not be loaded: {bookings.error.message}
          </Text>
        )}
      </Group>
      <Box className="admin-calendar">
        <FullCalendar options={options} label="Bookings calendar" />
      </Box>
      <Text size="sm" c="gray.7">
        Times are in {timeZone.replace('_', ' ')} time. Drag a booking to move it
        {phone ? ' (press and hold first)' : ''}; tap it for details.
      </Text>
    </Stack>
  );
}
