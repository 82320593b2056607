import { type BlockOverlap, createBlockInput } from '@app/shared';
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PlainFieldset } from '../../../components/plain-fieldset.tsx';
import { readableTitle } from '../../../components/readable-styles.ts';
import { TextField } from '../../../components/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatRange, formatShortDateTime } from '../../../lib/format.ts';
import { fromWallClock } from '../../../lib/zoned-time.ts';
import { blocksQuery, useCreateBlock, useDeleteBlock } from '../api.ts';
import { RemovableList } from './removable-list.tsx';

/** A 'YYYY-MM-DDTHH:MM' typed on the business clock, as an instant. */
function instantOf(local: string, timeZone: string): string {
  return fromWallClock(new Date(`${local}:00Z`), timeZone).toISOString();
}

function overlapsOf(error: unknown): BlockOverlap[] {
  if (!(error instanceof ApiError) || error.status !== 409) return [];
  const list = (error.details as { bookings?: unknown } | undefined)?.bookings;
  return Array.isArray(list) ? (list as BlockOverlap[]) : [];
}

/** Times kept free of bookings (holidays, errands), listed ahead, added by start and end. */
export function BlocksPanel({ timeZone }: { timeZone: string }) {
  const blocks = useQuery(blocksQuery);
  const create = useCreateBlock();
  const remove = useDeleteBlock();
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  // A block over bookings is first refused with their list; 'Block anyway' sends it again, confirmed.
  const covered = overlapsOf(create.error);
  const add = (confirm = false) => {
    if (!start || !end) return setError('Give a start and an end');
    const parsed = createBlockInput.safeParse({
      startsAt: instantOf(start, timeZone),
      endsAt: instantOf(end, timeZone),
      reason,
      confirm,
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the times');
    setError(null);
    create.mutate(parsed.data, {
      onSuccess: () => {
        setStart('');
        setEnd('');
        setReason('');
      },
    });
  };

  return (
    <Stack gap="md">
      {blocks.data?.length === 0 && <Text size="sm">No blocked times ahead.</Text>}
      <RemovableList
        label="Blocked times"
        items={blocks.data}
        title={(block) => formatRange(block.startsAt, block.endsAt, timeZone)}
        details={(block) => block.reason && <Text size="sm">{block.reason}</Text>}
        removeLabel="Remove block"
        removing={remove.isPending ? remove.variables : undefined}
        onRemove={(id) => remove.mutate(id)}
      />
      <PlainFieldset legend="Block a time">
        <Group gap="xs" grow align="flex-start">
          <TextField label="From" type="datetime-local" value={start} onChange={setStart} />
          <TextField label="To" type="datetime-local" value={end} onChange={setEnd} />
        </Group>
        <TextField label="Reason (only you see it)" value={reason} onChange={setReason} maxLength={200} />
        {covered.length > 0 && !error ? (
          <Alert color="orange" title="There are bookings in this time" role="alert" styles={readableTitle}>
            <Text size="sm">Blocking does not cancel them: they stay booked.</Text>
            <List size="sm" aria-label="Bookings in this time">
              {covered.map((booking) => (
                <List.Item key={booking.id}>
                  {booking.clientName}, {booking.serviceName}, {formatShortDateTime(booking.startsAt, timeZone)}
                </List.Item>
              ))}
            </List>
          </Alert>
        ) : (
          (error || create.isError || remove.isError) && (
            <Alert color="red" title="That did not work" role="alert" styles={readableTitle}>
              {error ?? (create.error ?? remove.error)?.message}
            </Alert>
          )
        )}
        <Group>
          {covered.length > 0 ? (
            <Button color="red.9" onClick={() => add(true)} loading={create.isPending}>
              Block anyway
            </Button>
          ) : (
            <Button onClick={() => add()} loading={create.isPending}>
              Block time
            </Button>
          )}
        </Group>
      </PlainFieldset>
    </Stack>
  );
}
