import type { AdminBooking } from '@app/shared';
import type { CalendarOptions, EventDropArg } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import type { DateClickArg } from '@fullcalendar/interaction';
import interactionPlugin from '@fullcalendar/interaction';
import timeGridPlugin from '@fullcalendar/timegrid';
import { Box, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { closedEvents } from '../../../components/diary-marks.ts';
import { diaryOptions, FullCalendar, useDiaryOnPhone, useShownDays } from '../../../components/full-calendar.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { fromWallClock, instantsOfWallSpan } from '../../../lib/zoned-time.ts';
import { adminBookingsQuery, adminDiaryQuery } from '../admin-api.ts';
import { alternativesOf } from '../api.ts';
import { blockEvents, bookingEvents, personalEvents } from './admin-calendar-events.ts';
import './diary.css';
import { DismissibleAlert } from '../../../components/dismissible-alert.tsx';
import { formatTime } from '../../../lib/format.ts';
import { BlockSheet, type TappedBlock } from './block-sheet.tsx';
import { MoveConfirmDialog } from './owner-dialogs.tsx';

type Outcome = { kind: 'refused'; text: string; alternatives?: string[] };
type Drop = { booking: AdminBooking; startsAt: string; revert: () => void };

/**
 * The one diary: day, week and month on the business clock, with closed time shaded, blocks, requests waiting for
 * approval and bookings together. Tapping an empty time offers to book or block it; dragging a booking asks first
 * (with the email switch), then moves it; a refusal puts it back where it was and says why.
 */
export function AdminBookingsCalendar({
  timeZone,
  initialDate,
  highlightId,
  emailEnabled,
  onOpen,
  onPickTime,
}: {
  timeZone: string;
  /** 'YYYY-MM-DD' to open on, e.g. from a link; today otherwise. */
  initialDate?: string;
  /** A booking to outline, e.g. the one just made. */
  highlightId?: string | null;
  emailEnabled: boolean;
  onOpen: (bookingId: string) => void;
  /** An empty time tapped or clicked, as an instant. */
  onPickTime: (startsAt: string) => void;
}) {
  const { range, datesSet } = useShownDays();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [drop, setDrop] = useState<Drop | null>(null);
  const [block, setBlock] = useState<TappedBlock | null>(null);
  const phone = useDiaryOnPhone();
  const bookings = useQuery({
    ...adminBookingsQuery({ from: range?.from, to: range?.to, pageSize: 500 }),
    enabled: range !== null,
  });
  const diary = useQuery({ ...adminDiaryQuery(range?.from ?? '', range?.to ?? ''), enabled: range !== null });

  const events = useMemo(
    () => [
      ...(diary.data && range ? closedEvents(diary.data.open, range.from, range.to, timeZone) : []),
      ...blockEvents(diary.data?.blocks ?? [], timeZone),
      ...personalEvents(diary.data?.personal ?? [], timeZone),
      ...bookingEvents(bookings.data?.bookings ?? [], timeZone, highlightId),
    ],
    [bookings.data, diary.data, range, timeZone, highlightId],
  );
  const byId = useMemo(
    () => new Map((bookings.data?.bookings ?? []).map((booking) => [booking.id, booking])),
    [bookings.data],
  );

  const onDrop = (info: EventDropArg) => {
    const booking = byId.get(info.event.id);
    if (!booking || !info.event.start) return info.revert();
    setOutcome(null);
    setDrop({ booking, startsAt: fromWallClock(info.event.start, timeZone).toISOString(), revert: info.revert });
  };

  const onDateClick = (info: DateClickArg) => {
    // A day of the month view has no time: open that day instead.
    if (info.view.type === 'dayGridMonth') return info.view.calendar.changeView('timeGridDay', info.date);
    onPickTime(fromWallClock(info.date, timeZone).toISOString());
  };

  const options: CalendarOptions = {
    plugins: [dayGridPlugin, timeGridPlugin, interactionPlugin],
    ...diaryOptions({ timeZone, phone, views: 'timeGridDay,timeGridWeek,dayGridMonth' }),
    initialView: phone ? 'timeGridDay' : 'timeGridWeek',
    initialDate,
    buttonText: { today: 'Today', day: 'Day', week: 'Week', month: 'Month' },
    scrollTime: '09:00:00',
    dayHeaderFormat: phone
      ? { weekday: 'narrow', day: 'numeric' }
      : { weekday: 'short', day: 'numeric', month: 'numeric' },
    editable: true,
    eventDurationEditable: false,
    events,
    eventDrop: onDrop,
    dateClick: onDateClick,
    eventClick: (info) => {
      if (info.event.extendedProps.kind === 'booking') onOpen(info.event.id);
      // A block opens too: the same diary as Availability's, where a block is removed by a tap.
      if (info.event.extendedProps.kind === 'block' && info.event.start && info.event.end)
        setBlock({
          id: info.event.id.replace(/^block-/, ''),
          title: info.event.title,
          ...instantsOfWallSpan(info.event.start, info.event.end, timeZone),
        });
    },
    datesSet,
  };

  return (
    <Stack gap="sm">
      {outcome?.kind === 'refused' && (
        <DismissibleAlert color="red" title="Not moved" role="alert" onDismiss={() => setOutcome(null)}>
          <Text size="sm">{outcome.text}</Text>
          {outcome.alternatives && outcome.alternatives.length > 0 && (
            <Text size="sm">Free nearby: {outcome.alternatives.map((at) => formatTime(at, timeZone)).join(', ')}.</Text>
          )}
        </DismissibleAlert>
      )}
      <Group gap="xs" mih={24}>
        {(bookings.isFetching || diary.isFetching) && (
          <>
            <Loader size="xs" />
            <Text size="sm">Loading the diary…</Text>
          </>
        )}
        {bookings.isError && (
          <Text size="sm" c="var(--app-danger-text)" role="alert">
            Bookings could not be loaded: {bookings.error.message}
          </Text>
        )}
      </Group>
      <Box className="admin-calendar">
        <FullCalendar options={options} label="Bookings calendar" />
      </Box>
      <Text size="sm">
        Times are in {timeZone.replace('_', ' ')} time. Shaded: closed. {phone ? 'Tap' : 'Click'} an empty time to book
        or block it; drag a booking to move it{phone ? ' (press and hold first)' : ''}; {phone ? 'tap' : 'click'} it or
        a block for details.
      </Text>
      <MoveConfirmDialog
        move={drop}
        timeZone={timeZone}
        emailEnabled={emailEnabled}
        fullScreen={phone}
        onClose={() => {
          drop?.revert();
          setDrop(null);
        }}
        onMoved={() => setDrop(null)}
        onRefused={(error) => {
          if (drop) {
            drop.revert();
            setOutcome({
              kind: 'refused',
              text: `${drop.booking.clientName} was not moved: ${error instanceof ApiError ? error.message : 'the server did not answer.'}`,
              alternatives: alternativesOf(error),
            });
          }
          setDrop(null);
        }}
      />
      <BlockSheet block={block} timeZone={timeZone} fullScreen={phone} onClose={() => setBlock(null)} />
    </Stack>
  );
}
