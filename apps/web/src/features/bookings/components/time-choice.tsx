import type { BlockOverlap } from '@app/shared';
import { Alert, Button, List, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { AppModal } from '../../../components/app-modal.tsx';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { readableTitle } from '../../../components/readable-styles.ts';
import { TextField } from '../../../components/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDiaryDateTime, formatTime } from '../../../lib/format.ts';
import { ignoreShownError } from '../../../lib/mutations.ts';
import { useBlockTime } from '../admin-api.ts';
import { showOutcome } from './undo-notice.tsx';

const lengths = [30, 60, 90, 120, 180, 240, 480];

function overlapsOf(error: unknown): BlockOverlap[] {
  if (!(error instanceof ApiError) || error.status !== 409) return [];
  const list = (error.details as { bookings?: unknown } | undefined)?.bookings;
  return Array.isArray(list) ? (list as BlockOverlap[]) : [];
}

/** An empty time tapped in the diary: book it for a client, or block it (warned of any booking it would cover). */
export function TimeChoice({
  startsAt,
  timeZone,
  fullScreen,
  onClose,
  onNewBooking,
}: {
  startsAt: string | null;
  timeZone: string;
  fullScreen: boolean;
  onClose: () => void;
  onNewBooking: (startsAt: string) => void;
}) {
  const [blocking, setBlocking] = useState(false);
  const close = () => {
    setBlocking(false);
    onClose();
  };
  return (
    <AppModal
      opened={startsAt !== null}
      onClose={close}
      title={startsAt ? formatDiaryDateTime(startsAt, timeZone) : 'This time'}
      fullScreen={fullScreen}
      centered
    >
      {startsAt &&
        (blocking ? (
          <BlockForm
            key={startsAt}
            startsAt={startsAt}
            timeZone={timeZone}
            onDone={close}
            onBack={() => setBlocking(false)}
          />
        ) : (
          <Stack gap="sm">
            <Text>What would you like to do at this time?</Text>
            <Button h={44} onClick={() => onNewBooking(startsAt)}>
              New booking
            </Button>
            <Button h={44} variant="default" onClick={() => setBlocking(true)}>
              Block this time
            </Button>
          </Stack>
        ))}
    </AppModal>
  );
}

function BlockForm({
  startsAt,
  timeZone,
  onDone,
  onBack,
}: {
  startsAt: string;
  timeZone: string;
  onDone: () => void;
  onBack: () => void;
}) {
  const [minutes, setMinutes] = useState('60');
  const [reason, setReason] = useState('');
  const block = useBlockTime();
  const endsAt = new Date(Date.parse(startsAt) + Number(minutes) * 60_000).toISOString();
  const covered = overlapsOf(block.error);
  const submit = (confirm: boolean) =>
    block.mutateAsync({ startsAt, endsAt, reason: reason.trim(), confirm }).then(() => {
      onDone();
      showOutcome({
        title: 'Blocked',
        message: `${formatDiaryDateTime(startsAt, timeZone)} to ${formatTime(endsAt, timeZone)} blocked${confirm ? '; the bookings in it are kept' : ''}. Clients cannot book it.`,
      });
    }, ignoreShownError);
  return (
    <Stack gap="sm">
      <Select
        label="For"
        data={lengths.map((length) => ({
          value: String(length),
          label: `${length < 60 ? `${length} minutes` : `${length / 60} hour${length === 60 ? '' : 's'}`} (until ${formatTime(
            new Date(Date.parse(startsAt) + length * 60_000).toISOString(),
            timeZone,
          )})`,
        }))}
        value={minutes}
        onChange={(value) => {
          block.reset();
          setMinutes(value ?? '60');
        }}
        allowDeselect={false}
      />
      <TextField label="Reason (only you see it)" value={reason} maxLength={200} onChange={setReason} />
      {covered.length > 0 ? (
        <Alert color="orange" title="There are bookings in this time" role="alert" styles={readableTitle}>
          <Stack gap="xs">
            <Text size="sm">Blocking does not cancel them: they stay booked. Move or cancel them yourself.</Text>
            <List size="sm" aria-label="Bookings in this time">
              {covered.map((booking) => (
                <List.Item key={booking.id}>
                  {booking.clientName}, {booking.serviceName}, {formatDiaryDateTime(booking.startsAt, timeZone)}
                  {booking.status === 'pending' ? ' (waiting for approval)' : ''}
                </List.Item>
              ))}
            </List>
          </Stack>
        </Alert>
      ) : (
        <FailureAlert error={block.error} title="Not blocked" styles={readableTitle} />
      )}
      <DialogActions keepLabel="Back" onKeep={onBack}>
        {covered.length > 0 ? (
          <Button color="red.9" loading={block.isPending} onClick={() => submit(true)}>
            Block anyway
          </Button>
        ) : (
          <Button loading={block.isPending} onClick={() => submit(false)}>
            Block
          </Button>
        )}
      </DialogActions>
    </Stack>
  );
}
