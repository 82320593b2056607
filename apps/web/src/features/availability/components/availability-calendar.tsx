import type { CalendarOptions, DateSelectArg, EventClickArg } from '@fullcalendar/core';
import interactionPlugin from '@fullcalendar/interaction';
import timeGridPlugin from '@fullcalendar/timegrid';
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { AppModal } from '../../../components/app-modal.tsx';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { diaryOptions, FullCalendar, useDiaryOnPhone, useShownDays } from '../../../components/full-calendar.tsx';
import { readableTitle } from '../../../components/readable-styles.ts';
import { TextField } from '../../../components/text-field.tsx';
import { formatRange } from '../../../lib/format.ts';
import { instantsOfWallSpan } from '../../../lib/zoned-time.ts';
import { calendarQuery, useCreateBlock, useDeleteBlock } from '../api.ts';
import { availabilityEvents } from './calendar-events.ts';

type Pending =
  | { kind: 'new'; startsAt: string; endsAt: string }
  | { kind: 'existing'; id: string; title: string; startsAt: string; endsAt: string };

/**
 * The diary's week: closed time shaded behind, then bookings and blocks (admin) or busy periods (lodger), in the
 * bookings diary's colours. The admin selects a stretch of time to block it, or taps a block to remove it; a lodger
 * only reads.
 */
export function AvailabilityCalendar({
  editable,
  timeZone,
  initialDate,
}: {
  editable: boolean;
  timeZone: string;
  /** 'YYYY-MM-DD' to open on; today otherwise. */
  initialDate?: string;
}) {
  const { range, datesSet } = useShownDays();
  const phone = useDiaryOnPhone();
  const [pending, setPending] = useState<Pending | null>(null);
  const [reason, setReason] = useState('');
  const calendar = useQuery({ ...calendarQuery(range?.from ?? '', range?.to ?? ''), enabled: range !== null });
  const zone = calendar.data?.timeZone ?? timeZone;
  const events = useMemo(
    () => (calendar.data && range ? availabilityEvents(calendar.data, range) : []),
    [calendar.data, range],
  );
  const createBlock = useCreateBlock();
  const deleteBlock = useDeleteBlock();

  const close = () => {
    setPending(null);
    setReason('');
    createBlock.reset();
    deleteBlock.reset();
  };

  const options: CalendarOptions = {
    plugins: [timeGridPlugin, interactionPlugin],
    ...diaryOptions({ timeZone: zone, phone, views: 'timeGridDay,timeGridThreeDay,timeGridWeek' }),
    initialView: phone ? 'timeGridThreeDay' : 'timeGridWeek',
    initialDate,
    views: { timeGridThreeDay: { type: 'timeGrid', duration: { days: 3 }, buttonText: '3 days' } },
    buttonText: { today: 'Today', day: 'Day', week: 'Week' },
    dayHeaderFormat: phone
      ? { weekday: 'short', day: 'numeric' }
      : { weekday: 'short', day: 'numeric', month: 'numeric' },
    editable: false,
    selectable: editable,
    selectMirror: true,
    events,
    select: (info: DateSelectArg) => {
      setPending({
        kind: 'new',
        ...instantsOfWallSpan(info.start, info.end, zone),
      });
      info.view.calendar.unselect();
    },
    eventClick: (info: EventClickArg) => {
      if (!editable || !info.event.id.startsWith('block:') || !info.event.start || !info.event.end) return;
      setPending({
        kind: 'existing',
        id: info.event.id.slice('block:'.length),
        title: info.event.title,
        ...instantsOfWallSpan(info.event.start, info.event.end, zone),
      });
    },
    datesSet,
  };

  return (
    <Stack gap="sm">
      <Group gap="xs" mih={24}>
        {calendar.isFetching && (
          <>
            <Loader size="xs" />
            <Text size="sm">Loading…</Text>
          </>
        )}
        {calendar.isError && (
          <Text size="sm" c="var(--app-danger-text)" role="alert">
            The calendar could not be loaded: {calendar.error.message}
          </Text>
        )}
      </Group>
      <FullCalendar options={options} label="Availability calendar" />
      <Text size="sm" c="var(--app-muted)">
        Shaded: closed. Times are in {zone.replace('_', ' ')} time.
        {editable
          ? ` ${phone ? 'Press and hold, then drag' : 'Drag across the calendar'} to block a time; tap a block to remove it.`
          : ' Hatched: busy.'}
      </Text>
      <AppModal
        opened={pending !== null}
        onClose={close}
        title={pending?.kind === 'existing' ? 'Remove this block?' : 'Block this time?'}
      >
        {pending && (
          <Stack gap="sm">
            <Text>{formatRange(pending.startsAt, pending.endsAt, zone)}</Text>
            {pending.kind === 'new' ? (
              <TextField label="Reason (only you see it)" value={reason} onChange={setReason} maxLength={200} />
            ) : (
              <Text size="sm">{pending.title}</Text>
            )}
            <FailureAlert
              error={createBlock.error ?? deleteBlock.error}
              title="That did not work"
              styles={readableTitle}
            />
            <DialogActions keepLabel="Keep as it is" onKeep={close}>
              {pending.kind === 'new' ? (
                <Button
                  loading={createBlock.isPending}
                  onClick={() =>
                    createBlock.mutate(
                      { startsAt: pending.startsAt, endsAt: pending.endsAt, reason: reason.trim() },
                      { onSuccess: close },
                    )
                  }
                >
                  Block time
                </Button>
              ) : (
                <Button
                  color="red"
                  loading={deleteBlock.isPending}
                  onClick={() => deleteBlock.mutate(pending.id, { onSuccess: close })}
                >
                  Remove block
                </Button>
              )}
            </DialogActions>
          </Stack>
        )}
      </AppModal>
    </Stack>
  );
}
