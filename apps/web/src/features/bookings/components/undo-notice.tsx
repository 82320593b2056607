import { Button, Group, Text } from '@mantine/core';
import { notifications } from '../../../lib/notifications.ts';

/** How long Undo stays on screen: long enough to read the message and reach the button. */
const UNDO_MS = 10_000;

/**
 * What an action did, in a notification; with an Undo button when the action can still be taken back without
 * anyone noticing (nothing was emailed, nothing paid back: docs/decisions/024).
 */
export function showOutcome({ title, message, onUndo }: { title: string; message: string; onUndo?: () => void }) {
  const id = `outcome-${Date.now()}`;
  notifications.show({
    id,
    title,
    autoClose: onUndo ? UNDO_MS : undefined,
    withCloseButton: true,
    closeButtonProps: { 'aria-label': 'Dismiss' },
    message: (
      <Group gap="sm" justify="space-between" wrap="nowrap" align="flex-start">
        <Text size="sm" style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {message}
        </Text>
        {onUndo && (
          // Never squeezed by a long message: the whole word, 44 px tall.
          <Button
            h={44}
            miw={72}
            style={{ flexShrink: 0 }}
            variant="light"
            onClick={() => {
              notifications.hide(id);
              onUndo();
            }}
          >
            Undo
          </Button>
        )}
      </Group>
    ),
  });
}
