import { createOverrideInput, overrideKinds, type TimeRange } from '@app/shared';
import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { PlainFieldset } from '../../../components/plain-fieldset.tsx';
import { readableTitle } from '../../../components/readable-styles.ts';
import { TextField } from '../../../components/text-field.tsx';
import { formatShortDate } from '../../../lib/format.ts';
import { overridesQuery, useCreateOverride, useDeleteOverride } from '../api.ts';
import { RangesEditor } from './ranges-editor.tsx';
import { RemovableList } from './removable-list.tsx';

const kindLabels: Record<(typeof overrideKinds)[number], string> = {
  closed: 'Closed all day',
  hours: 'Different hours',
  extra: 'Extra hours',
};

/** One-off days: closed, different hours, or hours added to the usual ones. */
export function OverridesPanel() {
  const overrides = useQuery(overridesQuery);
  const create = useCreateOverride();
  const remove = useDeleteOverride();
  const [date, setDate] = useState('');
  const [kind, setKind] = useState<(typeof overrideKinds)[number]>('closed');
  const [ranges, setRanges] = useState<TimeRange[]>([]);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);

  const add = () => {
    const parsed = createOverrideInput.safeParse({ date, kind, ranges: kind === 'closed' ? [] : ranges, note });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the day');
    setError(null);
    create.mutate(parsed.data, {
      onSuccess: () => {
        setDate('');
        setRanges([]);
        setNote('');
      },
    });
  };

  return (
    <Stack gap="md">
      <FailureAlert error={overrides.error} title="Could not load the days" styles={readableTitle} />
      {overrides.data?.length === 0 && <Text size="sm">No special days ahead.</Text>}
      <RemovableList
        label="Special days"
        items={overrides.data}
        title={(override) => formatShortDate(override.date)}
        details={(override) => (
          <Text size="sm">
            {kindLabels[override.kind]}
            {override.ranges.length > 0 ? `: ${override.ranges.map((r) => `${r.start}–${r.end}`).join(', ')}` : ''}
            {override.note ? ` · ${override.note}` : ''}
          </Text>
        )}
        removeLabel="Remove"
        removing={remove.isPending ? remove.variables : undefined}
        onRemove={(id) => remove.mutate(id)}
      />
      <PlainFieldset legend="Add a special day">
        <Group gap="xs" align="flex-start" grow>
          <TextField label="Day" type="date" value={date} onChange={setDate} />
          <Select
            label="Kind"
            data={overrideKinds.map((value) => ({ value, label: kindLabels[value] }))}
            value={kind}
            onChange={(value) => {
              const next = (value as typeof kind) ?? 'closed';
              setKind(next);
              if (next !== 'closed' && ranges.length === 0) setRanges([{ start: '10:00', end: '18:00' }]);
            }}
            allowDeselect={false}
          />
        </Group>
        {kind !== 'closed' && <RangesEditor label="that day" ranges={ranges} onChange={setRanges} />}
        <TextField label="Note (optional)" value={note} onChange={setNote} maxLength={200} />
        {(error || create.isError) && (
          <Alert color="red" title="Not added" role="alert" styles={readableTitle}>
            {error ?? create.error?.message}
          </Alert>
        )}
        <Group>
          <Button onClick={add} loading={create.isPending}>
            Add day
          </Button>
        </Group>
      </PlainFieldset>
    </Stack>
  );
}
