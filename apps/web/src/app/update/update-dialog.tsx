import { RELOAD_DELAY_MS, UPDATE_DIALOG_MIN_WIDTH, UPDATE_DIALOG_TEXT } from '@app/shared';
import { Badge, Button, List, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { AppModal } from '../../components/app-modal.tsx';
import { AppLoadingOverlay } from '../loading-overlay.tsx';
import { usePendingUpdate } from './update-store.ts';
import { requestWorkerVersion, tellWorkerToSkipWaiting } from './worker-messages.ts';

const noop = () => {};

/** The persistent 'New Version Available' dialog of spec section 2: it can be left only by updating. */
export function UpdateDialog({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const registration = usePendingUpdate();
  const [version, setVersion] = useState<string | null>(null);
  const [updating, setUpdating] = useState(false);

  useEffect(() => {
    const worker = registration?.waiting ?? registration?.installing;
    if (!worker) return;
    let current = true;
    requestWorkerVersion(worker).then((answer) => {
      if (current) setVersion(answer);
    });
    return () => {
      current = false;
    };
  }, [registration]);

  const update = () => {
    if (!registration) return;
    setUpdating(true);
    tellWorkerToSkipWaiting(registration);
    window.setTimeout(reload, RELOAD_DELAY_MS);
  };

  return (
    <>
      <AppModal
        opened={registration !== null}
        onClose={noop}
        title={UPDATE_DIALOG_TEXT.title}
        closeOnEscape={false}
        closeOnClickOutside={false}
        withCloseButton={false}
        centered
        zIndex={900}
        minWidth={UPDATE_DIALOG_MIN_WIDTH}
      >
        <Stack gap="md">
          {version && (
            <Badge variant="light" size="lg" data-testid="update-version">
              {version}
            </Badge>
          )}
          <Text>{UPDATE_DIALOG_TEXT.body}</Text>
          <List>
            {UPDATE_DIALOG_TEXT.bullets.map((bullet) => (
              <List.Item key={bullet}>{bullet}</List.Item>
            ))}
          </List>
          <Button onClick={update} fullWidth disabled={updating}>
            {UPDATE_DIALOG_TEXT.button}
          </Button>
        </Stack>
      </AppModal>
      <AppLoadingOverlay visible={updating} message={UPDATE_DIALOG_TEXT.updating} />
    </>
  );
}
