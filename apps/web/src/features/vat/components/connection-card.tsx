import { connectHmrcInput, type HmrcConnection } from '@app/shared';
import { Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { AppModal } from '../../../components/app-modal.tsx';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { readableTitle } from '../../../components/readable-styles.ts';
import { serverMessage } from '../../../lib/api-client.ts';
import { ignoreShownError } from '../../../lib/mutations.ts';
import { notifications } from '../../../lib/notifications.ts';
import { useDisconnect, useStartConnection } from '../api.ts';

/** Why connecting or disconnecting did not happen, in the server's words, read out at once; nothing before. */
function FailedLine({ error }: { error: Error | null }) {
  if (!error) return null;
  return (
    <Text c="red" size="sm" role="alert">
      {serverMessage(error)}
    </Text>
  );
}

/** Whether the business is connected to HMRC, and the way to connect (HMRC's consent page) or disconnect. */
export function ConnectionCard({ connection }: { connection: HmrcConnection }) {
  const start = useStartConnection();
  const stop = useDisconnect();
  const [vrn, setVrn] = useState('');
  const [vrnError, setVrnError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  if (!connection.configured)
    return (
      <Alert color="gray" title="Filing with HMRC is off" styles={readableTitle}>
        The server has no HMRC credentials: set HMRC_CLIENT_ID and HMRC_CLIENT_SECRET (from HMRC's Developer Hub) to
        file VAT returns from here.
      </Alert>
    );

  if (connection.connected)
    return (
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" gap="sm">
          <Stack gap={2}>
            <Text fw={600}>Connected to HMRC</Text>
            <Text size="sm">
              VAT registration number {connection.vrn}
              {connection.connectedBy ? `, connected by ${connection.connectedBy}` : ''}
            </Text>
          </Stack>
          <Button variant="default" loading={stop.isPending} onClick={() => setConfirming(true)}>
            Disconnect
          </Button>
        </Group>
        <AppModal opened={confirming} onClose={() => setConfirming(false)} title="Disconnect from HMRC?">
          <Stack gap="md">
            <Text size="sm">
              This app forgets its access to your VAT account. Returns already filed stay listed; to file again you
              connect once more on HMRC's page.
            </Text>
            <DialogActions keepLabel="Keep connected" onKeep={() => setConfirming(false)}>
              <Button
                color="red"
                loading={stop.isPending}
                onClick={() =>
                  stop.mutateAsync().then(() => {
                    setConfirming(false);
                    notifications.show({ message: 'Disconnected from HMRC.' });
                  }, ignoreShownError)
                }
              >
                Disconnect
              </Button>
            </DialogActions>
          </Stack>
        </AppModal>
        <FailedLine error={stop.error} />
      </Paper>
    );

  const connect = () => {
    const parsed = connectHmrcInput.safeParse({ vrn });
    if (!parsed.success) {
      setVrnError(parsed.error.issues[0]?.message ?? 'Check the number');
      return;
    }
    setVrnError(null);
    start.mutateAsync(parsed.data.vrn).then((answer) => {
      window.location.assign(answer.authorizeUrl);
    }, ignoreShownError);
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Text>
          Connect to HMRC to see your VAT periods and file returns from your books. HMRC asks you to sign in on its own
          page and allow this app; you come back here after.
        </Text>
        <Group align="flex-end" gap="sm">
          <TextInput
            label="VAT registration number"
            description="9 digits, as on your VAT certificate"
            value={vrn}
            error={vrnError}
            inputMode="numeric"
            onChange={(event) => setVrn(event.currentTarget.value)}
          />
          <Button size="md" loading={start.isPending} onClick={connect}>
            Connect to HMRC
          </Button>
        </Group>
        <FailedLine error={start.error} />
      </Stack>
    </Paper>
  );
}
