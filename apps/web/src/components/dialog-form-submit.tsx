import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { FailureAlert } from './failure-alert.tsx';
import { readableTitle } from './readable-styles.ts';

/**
 * The foot of a form in a dialog: why its change did not go through (under `failureTitle`), then the button that
 * sends it (`children` its words) at the right, spinning while the change is on its way.
 */
export function DialogFormSubmit({
  change,
  failureTitle,
  onSubmit,
  children,
}: {
  change: { error: Error | null; isPending: boolean };
  failureTitle: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <>
      <FailureAlert error={change.error} title={failureTitle} styles={readableTitle} />
      <Group justify="flex-end">
        <Button onClick={onSubmit} loading={change.isPending}>
          {children}
        </Button>
      </Group>
    </>
  );
}
