import { outsideCalendarInput } from '@app/shared';
import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PlainFieldset } from '../../../components/plain-fieldset.tsx';
import { readableTitle } from '../../../components/readable-styles.ts';
import { TextField } from '../../../components/text-field.tsx';
import { formatInstant } from '../../../lib/format.ts';
import { outsideCalendarsQuery, useAddOutsideCalendar, useRemoveOutsideCalendar } from '../api.ts';
import { RemovableList } from './removable-list.tsx';

/**
 * The owner's other calendars (Google, iCloud, Outlook) by their private iCal address: their events are busy time,
 * read again every five minutes. A calendar that could not be read is shown as stale with the reason; its last good
 * copy still keeps those times closed.
 */
export function OutsideCalendarsPanel({ timeZone }: { timeZone: string }) {
  const calendars = useQuery(outsideCalendarsQuery);
  const add = useAddOutsideCalendar();
  const remove = useRemoveOutsideCalendar();
  const [label, setLabel] = useState('');
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const parsed = outsideCalendarInput.safeParse({ label, url });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the address');
    setError(null);
    add.mutate(parsed.data, {
      onSuccess: () => {
        setLabel('');
        setUrl('');
      },
    });
  };

  return (
    <Stack gap="md">
      <Text size="sm">
        Your own appointments close those times to clients. Clients and the lodger see only that you are busy; you see
        them as “Busy (personal)” with their titles.
      </Text>
      {calendars.data?.length === 0 && <Text size="sm">No calendars added.</Text>}
      <RemovableList
        label="Your other calendars"
        items={calendars.data}
        title={(calendar) => calendar.label}
        details={(calendar) =>
          calendar.stale ? (
            <Stack gap={2}>
              <Badge color="orange" variant="light">
                Stale
              </Badge>
              <Text size="sm">
                {calendar.lastError ?? 'Not read lately.'}{' '}
                {calendar.refreshedAt
                  ? `Using the copy read ${formatInstant(calendar.refreshedAt, timeZone)}.`
                  : 'Never read yet.'}
              </Text>
            </Stack>
          ) : (
            <Text size="sm">
              {calendar.busyCount} busy {calendar.busyCount === 1 ? 'time' : 'times'} ahead, read{' '}
              {calendar.refreshedAt ? formatInstant(calendar.refreshedAt, timeZone) : 'just now'}
            </Text>
          )
        }
        removeLabel="Remove calendar"
        removing={remove.isPending ? remove.variables : undefined}
        onRemove={(id) => remove.mutate(id)}
      />
      <PlainFieldset legend="Add a calendar">
        <TextField label="Name" value={label} onChange={setLabel} maxLength={80} placeholder="Personal" />
        <TextField
          label="Private address in iCal format"
          description="Google: Settings › your calendar › Secret address in iCal format. iCloud or Outlook: the published calendar link."
          value={url}
          onChange={setUrl}
          placeholder="https://calendar.google.com/calendar/ical/…/basic.ics"
        />
        {(error || add.isError || remove.isError || calendars.isError) && (
          <Alert color="red" title="That did not work" role="alert" styles={readableTitle}>
            {error ?? (add.error ?? remove.error ?? calendars.error)?.message}
          </Alert>
        )}
        <Group>
          <Button onClick={submit} loading={add.isPending}>
            Add calendar
          </Button>
        </Group>
      </PlainFieldset>
    </Stack>
  );
}
