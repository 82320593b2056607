import type { AdminBooking, CreatePhoneBookingInput, SeriesOccurrence, SeriesRepeat } from '@app/shared';
import { Alert, Button, Checkbox, Group, NumberInput, Select, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { LabelledSegmentedControl } from '../../../components/labelled-segmented-control.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { adminBookingQuery } from '../admin-api.ts';
import { seriesPreviewQuery, useCreateSeries } from '../series-api.ts';

/** The owner's "Repeat" choice as typed: how often, and how it ends. */
export type RepeatDraft = { everyWeeks: '1' | '2' | '4'; ends: 'count' | 'until'; count: number; until: string };

/** The repeat as the server takes it, or what is missing from it. */
export function repeatOf(draft: RepeatDraft): SeriesRepeat | string {
  const everyWeeks = Number(draft.everyWeeks) as 1 | 2 | 4;
  if (draft.ends === 'count')
    return draft.count >= 2 && draft.count <= 52 ? { everyWeeks, count: draft.count } : 'Repeat 2 to 52 times';
  return /^\d{4}-\d{2}-\d{2}$/.test(draft.until) ? { everyWeeks, until: draft.until } : 'Enter the last date';
}

/** "Repeat": does not repeat, or every 1, 2 or 4 weeks, a number of times or until a date. */
export function RepeatChoice({
  value,
  onChange,
  error,
}: {
  value: RepeatDraft | null;
  onChange: (value: RepeatDraft | null) => void;
  error?: string;
}) {
  return (
    <Stack gap="xs">
      <Select
        label="Repeat"
        data={[
          { value: 'none', label: 'Does not repeat' },
          { value: '1', label: 'Every week' },
          { value: '2', label: 'Every 2 weeks' },
          { value: '4', label: 'Every 4 weeks' },
        ]}
        value={value?.everyWeeks ?? 'none'}
        onChange={(next) =>
          onChange(
            next === '1' || next === '2' || next === '4'
              ? { ends: 'count', count: 6, until: '', ...value, everyWeeks: next }
              : null,
          )
        }
        allowDeselect={false}
      />
      {value && (
        <Group gap="sm" align="flex-end" wrap="wrap">
          <LabelledSegmentedControl
            label="Ends"
            value={value.ends}
            onChange={(ends) => onChange({ ...value, ends: ends as RepeatDraft['ends'] })}
            data={[
              { value: 'count', label: 'After' },
              { value: 'until', label: 'On a date' },
            ]}
          />
          {value.ends === 'count' ? (
            <NumberInput
              label="Times"
              min={2}
              max={52}
              w={110}
              value={value.count}
              onChange={(count) => onChange({ ...value, count: Number(count) || 0 })}
              error={error}
            />
          ) : (
            <TextField
              type="date"
              label="Last date"
              value={value.until}
              onChange={(until) => onChange({ ...value, until })}
              error={error}
            />
          )}
        </Group>
      )}
    </Stack>
  );
}

const statusWords: Record<SeriesOccurrence['status'], string> = {
  free: 'Free',
  clash: 'Clashes with',
  outside_hours: 'Outside hours',
  unavailable: 'Cannot be booked',
};

/**
 * The dates of the series as the diary stands: the free ones ticked, the others shown with what they clash with and
 * left out. Booking places each ticked date as an ordinary booking; what could not be booked is said plainly.
 */
export function SeriesPreviewStep({
  draft,
  repeat,
  timeZone,
  onBack,
  onBooked,
}: {
  draft: CreatePhoneBookingInput;
  repeat: SeriesRepeat;
  timeZone: string;
  onBack: () => void;
  onBooked: (booking: AdminBooking) => void;
}) {
  const preview = useQuery(
    seriesPreviewQuery({
      serviceId: draft.serviceId,
      durationMinutes: draft.durationMinutes,
      startsAt: draft.startsAt,
      repeat,
    }),
  );
  const create = useCreateSeries();
  const queryClient = useQueryClient();
  const [unticked, setUnticked] = useState<Set<string>>(new Set());
  const [finishing, setFinishing] = useState(false);
  const occurrences = preview.data?.occurrences ?? [];
  const chosen = occurrences.filter((o) => o.status === 'free' && !unticked.has(o.startsAt));
  const result = create.data;

  const book = () =>
    create.mutate({
      ...draft,
      repeat,
      skip: occurrences.filter((o) => !chosen.includes(o)).map((o) => o.startsAt),
    });
  const finish = async (firstBookingId: string) => {
    setFinishing(true);
    const detail = await queryClient.fetchQuery(adminBookingQuery(firstBookingId));
    onBooked(detail.booking);
  };

  if (result)
    return (
      <Stack gap="md">
        <Alert color="teal" title={`${result.booked.length} booked: ${result.description}`} role="status">
          <Text size="sm">Each appointment is an ordinary booking; the client is sent each confirmation.</Text>
        </Alert>
        {result.notBooked.length > 0 && (
          <Alert color="yellow" title={`${result.notBooked.length} not booked`}>
            <Stack gap={4}>
              {result.notBooked.map((missed) => (
                <Text size="sm" key={missed.startsAt}>
                  {formatDateTime(missed.startsAt, timeZone)}: {missed.message}
                </Text>
              ))}
            </Stack>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button onClick={() => finish(result.firstBookingId)} loading={finishing}>
            Done
          </Button>
        </Group>
      </Stack>
    );

  return (
    <Stack gap="md">
      <Text fw={600}>{preview.data?.description ?? 'Checking the dates…'}</Text>
      {preview.isPending && <Skeleton height={160} />}
      <FailureAlert error={preview.error} title="The dates could not be checked" />
      {preview.data && (
        <Stack
          gap="xs"
          component="ul"
          aria-label="Dates of the series"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {occurrences.map((occurrence) => (
            <li key={occurrence.startsAt}>
              <Checkbox
                label={formatDateTime(occurrence.startsAt, timeZone)}
                description={
                  occurrence.status === 'free'
                    ? statusWords.free
                    : `${statusWords[occurrence.status]}: ${occurrence.message}`
                }
                styles={{
                  description: { color: occurrence.status === 'free' ? 'var(--app-muted)' : 'var(--app-danger-text)' },
                }}
                disabled={occurrence.status !== 'free'}
                checked={chosen.includes(occurrence)}
                onChange={(event) => {
                  const ticked = event.currentTarget.checked;
                  setUnticked((current) => {
                    const next = new Set(current);
                    if (ticked) next.delete(occurrence.startsAt);
                    else next.add(occurrence.startsAt);
                    return next;
                  });
                }}
              />
            </li>
          ))}
        </Stack>
      )}
      <FailureAlert error={create.error} title="Not booked" />
      <DialogActions keepLabel="Back" onKeep={onBack}>
        <Button onClick={book} loading={create.isPending} disabled={chosen.length === 0}>
          {`Book ${chosen.length} appointment${chosen.length === 1 ? '' : 's'}`}
        </Button>
      </DialogActions>
    </Stack>
  );
}

/**
 * The phone-booking form's repeat: the choice to show under the time, `intercept` to call with the checked booking
 * (true when it became a series to preview instead), and the preview step to show in place of the form.
 */
export function useSeriesStep({
  timeZone,
  onBooked,
  past,
}: {
  timeZone: string;
  onBooked: (booking: AdminBooking) => void;
  past: boolean;
}) {
  const [draft, setDraft] = useState<RepeatDraft | null>(null);
  const [error, setError] = useState<string>();
  const [asked, setAsked] = useState<{ draft: CreatePhoneBookingInput; repeat: SeriesRepeat } | null>(null);
  // An appointment recorded after the fact does not repeat.
  const repeating = past ? null : draft;
  return {
    repeats: Boolean(repeating),
    choice: past ? null : (
      <RepeatChoice
        value={draft}
        onChange={(next) => {
          setDraft(next);
          setError(undefined);
        }}
        error={error}
      />
    ),
    intercept(input: CreatePhoneBookingInput): boolean {
      if (!repeating) return false;
      const repeat = repeatOf(repeating);
      if (typeof repeat === 'string') setError(repeat);
      else setAsked({ draft: input, repeat });
      return true;
    },
    step: asked ? (
      <SeriesPreviewStep
        draft={asked.draft}
        repeat={asked.repeat}
        timeZone={timeZone}
        onBack={() => setAsked(null)}
        onBooked={onBooked}
      />
    ) : null,
  };
}
