import { Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FailureAlert } from '../../components/failure-alert.tsx';
import { NoteField } from '../../components/note-field.tsx';
import { formatDateTime } from '../format.ts';
import { ignoreShownError } from '../mutations.ts';
import { clientPrivateReasonsQuery, useBlockWithReason } from './screening-api.ts';

/**
 * On the client's sheet: why the owner declined or blocked them, in the owner's own words, never shown to the client.
 * A blocked client's reason may be written here (kept with the block).
 */
export function PrivateReasons({
  clientId,
  blocked,
  timeZone,
}: {
  clientId: string;
  blocked: boolean;
  timeZone: string;
}) {
  const reasons = useQuery(clientPrivateReasonsQuery(clientId));
  const keep = useBlockWithReason(clientId);
  const [reason, setReason] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    keep.mutateAsync(reason).then(() => setReason(''), ignoreShownError);
  };
  return (
    <Stack gap="xs">
      {reasons.data?.reasons.map((entry) => (
        <Text size="sm" key={entry.at + entry.kind}>
          {entry.kind === 'blocked' ? 'Blocked' : 'Declined'} on {formatDateTime(entry.at, timeZone)}: {entry.reason}
        </Text>
      ))}
      {reasons.data?.reasons.length === 0 && <Text size="sm">No private reasons kept.</Text>}
      {blocked && (
        <form onSubmit={submit}>
          <Stack gap="xs">
            <NoteField
              label="Private reason for the block (only you see it)"
              value={reason}
              onChange={setReason}
              maxLength={1000}
              minRows={1}
            />
            <FailureAlert error={keep.error} />
            <Button
              type="submit"
              variant="default"
              loading={keep.isPending}
              disabled={!reason.trim()}
              style={{ alignSelf: 'flex-start' }}
            >
              Keep the reason
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
