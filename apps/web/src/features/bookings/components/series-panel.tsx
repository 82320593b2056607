import { type AdminSeries, activeBookingStatuses, type CancelSeriesResult } from '@app/shared';
import { Alert, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DetailSection, dangerStyle } from '../../../components/detail-dialog.tsx';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { ignoreShownError } from '../../../lib/mutations.ts';
import { bookingSeriesQuery, useCancelSeries } from '../series-api.ts';
import { MoveSeriesRow } from './series-move.tsx';

const statusWords: Record<string, string> = {
  confirmed: 'booked',
  pending: 'waiting for approval',
  awaiting_payment: 'awaiting payment',
  cancelled: 'cancelled',
  completed: 'done',
  no_show: 'no-show',
  declined: 'declined',
};

/** On the booking sheet: the series this booking belongs to, its dates, and cancelling the rest of it. */
export function BookingSeriesPanel({
  bookingId,
  timeZone,
  emailEnabled,
}: {
  bookingId: string;
  timeZone: string;
  emailEnabled: boolean;
}) {
  const answer = useQuery(bookingSeriesQuery(bookingId));
  const series = answer.data?.series;
  if (!series) return null;
  return <SeriesSection series={series} bookingId={bookingId} timeZone={timeZone} emailEnabled={emailEnabled} />;
}

function SeriesSection({
  series,
  bookingId,
  timeZone,
  emailEnabled,
}: {
  series: AdminSeries;
  bookingId: string;
  timeZone: string;
  emailEnabled: boolean;
}) {
  const cancel = useCancelSeries(series.id);
  const [asking, setAsking] = useState<'following' | 'whole' | null>(null);
  const [reason, setReason] = useState('');
  const [notify, setNotify] = useState(true);
  const [done, setDone] = useState<CancelSeriesResult | null>(null);
  const active: readonly string[] = activeBookingStatuses;
  const now = Date.now();
  const ahead = series.members.filter((m) => Date.parse(m.startsAt) >= now && active.includes(m.status));
  const self = series.members.find((m) => m.bookingId === bookingId);
  const following = ahead.filter((m) => self && Date.parse(m.startsAt) >= Date.parse(self.startsAt));
  const chosen = asking === 'following' ? following : ahead;

  const confirm = () => {
    setDone(null);
    cancel
      .mutateAsync({
        ...(asking === 'following' ? { fromBookingId: bookingId } : {}),
        reason,
        notifyClient: notify,
      })
      .then((result) => {
        setDone(result);
        setAsking(null);
      }, ignoreShownError);
  };

  return (
    <DetailSection title="Series">
      <Text>
        {series.description} · {series.position} of {series.members.length}
      </Text>
      <Stack gap={2} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {series.members.map((member) => (
          <Text component="li" size="sm" key={member.bookingId} fw={member.bookingId === bookingId ? 600 : undefined}>
            {formatDateTime(member.startsAt, timeZone)}: {statusWords[member.status] ?? member.status}
          </Text>
        ))}
      </Stack>
      {done && (
        <Text size="sm" role="status">
          {done.cancelled} cancelled.
          {done.notCancelled.length > 0 &&
            ` ${done.notCancelled.length} could not be: ${done.notCancelled[0]?.message}`}
        </Text>
      )}
      {!asking && following.length > 0 && (
        <MoveSeriesRow
          seriesId={series.id}
          bookingId={bookingId}
          count={following.length}
          emailEnabled={emailEnabled}
        />
      )}
      {asking ? (
        <Alert color="red" title={`Cancel ${chosen.length} appointment${chosen.length === 1 ? '' : 's'}?`}>
          <Stack gap="xs">
            <Text size="sm">
              {chosen.map((m) => formatDateTime(m.startsAt, timeZone)).join('; ')}. Each is cancelled as on its own,
              with nothing paid back by this action.{' '}
              {notify
                ? emailEnabled
                  ? 'The client is emailed about each.'
                  : 'No mail server is set up: the emails wait in the outbox.'
                : 'The client is not told.'}
            </Text>
            <TextField label="Reason (sent to the client)" value={reason} onChange={setReason} maxLength={500} />
            <Checkbox
              label="Tell the client"
              checked={notify}
              onChange={(event) => setNotify(event.currentTarget.checked)}
            />
            <FailureAlert error={cancel.error} title="Not cancelled" />
            <Group gap="xs">
              <Button variant="default" onClick={() => setAsking(null)}>
                Keep them
              </Button>
              <Button color="red" loading={cancel.isPending} onClick={confirm}>
                {`Cancel ${chosen.length}`}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : (
        ahead.length > 0 && (
          <Group gap="xs" wrap="wrap">
            {following.length > 0 && following.length < ahead.length && (
              <Button h={44} variant="light" color="red" style={dangerStyle} onClick={() => setAsking('following')}>
                Cancel this and following
              </Button>
            )}
            <Button h={44} variant="light" color="red" style={dangerStyle} onClick={() => setAsking('whole')}>
              Cancel the whole series
            </Button>
          </Group>
        )
      )}
    </DetailSection>
  );
}
