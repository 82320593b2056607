import { Button, Stack, Text } from '@mantine/core';
import { AppModal } from '../../../components/app-modal.tsx';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { apiFetch } from '../../../lib/api-client.ts';
import { formatDiaryDateTime, formatTime } from '../../../lib/format.ts';
import { useRefreshingMutation } from '../../../lib/mutations.ts';

export type TappedBlock = { id: string; title: string; startsAt: string; endsAt: string };

/** A block tapped in the bookings diary: what it is, and removing it (as in Availability), the one diary. */
export function BlockSheet({
  block,
  timeZone,
  fullScreen,
  onClose,
}: {
  block: TappedBlock | null;
  timeZone: string;
  fullScreen: boolean;
  onClose: () => void;
}) {
  const remove = useRefreshingMutation([['bookings'], ['availability'], ['slots']], (id: string) =>
    apiFetch<void>(`/admin/blocks/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  );
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <AppModal opened={block !== null} onClose={close} title="Blocked time" fullScreen={fullScreen} centered>
      {block && (
        <Stack gap="sm">
          <Text fw={600}>
            {formatDiaryDateTime(block.startsAt, timeZone)} to {formatTime(block.endsAt, timeZone)}
          </Text>
          <Text style={{ overflowWrap: 'anywhere' }}>{block.title}</Text>
          <Text size="sm">Clients cannot book this time. Removing the block opens it again.</Text>
          <FailureAlert error={remove.error} />
          <DialogActions keepLabel="Keep the block" onKeep={close}>
            <Button h={44} loading={remove.isPending} onClick={() => remove.mutate(block.id, { onSuccess: close })}>
              Remove the block
            </Button>
          </DialogActions>
        </Stack>
      )}
    </AppModal>
  );
}
