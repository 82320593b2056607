import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/** A dialog's answers at its foot: leaving things as they are (`keepLabel`), then the button that acts (`children`). */
export function DialogActions({
  keepLabel,
  onKeep,
  children,
}: {
  keepLabel: string;
  onKeep: () => void;
  children: ReactNode;
}) {
  return (
    <Group justify="flex-end" gap="xs">
      <Button variant="default" onClick={onKeep}>
        {keepLabel}
      </Button>
      {children}
    </Group>
  );
}
