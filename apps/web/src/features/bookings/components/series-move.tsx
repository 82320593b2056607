import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { ignoreShownError } from '../../../lib/mutations.ts';
import { useMoveSeries } from '../series-api.ts';

/** On the booking sheet: this appointment and the following ones of its series to another time of day, same dates. */
export function MoveSeriesRow({
  seriesId,
  bookingId,
  count,
  emailEnabled,
}: {
  seriesId: string;
  bookingId: string;
  count: number;
  emailEnabled: boolean;
}) {
  const move = useMoveSeries(seriesId);
  const [time, setTime] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const submit = () => {
    setDone(null);
    move.mutateAsync({ fromBookingId: bookingId, localTime: time, notifyClient: true }).then((result) => {
      const missed = result.notMoved.length;
      setDone(
        `${result.moved} moved to ${time}.${missed > 0 ? ` ${missed} stayed where they were: ${result.notMoved[0]?.message}` : ''}${
          result.moved > 0
            ? emailEnabled
              ? ' The client is emailed about each.'
              : ' The emails wait in the outbox.'
            : ''
        }`,
      );
    }, ignoreShownError);
  };
  return (
    <>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextField type="time" label="New time of day" value={time} onChange={setTime} w={150} />
        <Button
          h={44}
          variant="default"
          disabled={!/^\d{2}:\d{2}$/.test(time)}
          loading={move.isPending}
          onClick={submit}
        >
          {count === 1 ? 'Move this one' : `Move this and the ${count - 1} following`}
        </Button>
      </Group>
      <FailureAlert error={move.error} title="Not moved" />
      {done && (
        <Text size="sm" role="status">
          {done}
        </Text>
      )}
    </>
  );
}
