import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { FailureAlert } from './failure-alert.tsx';

/**
 * The foot of a form that fills a page: why its change did not go through, then the button that sends it
 * (`children` its words), a whole primary action, spinning while the change is on its way.
 */
export function PageFormSubmit({
  change,
  children,
}: {
  change: { error: Error | null; isPending: boolean };
  children: ReactNode;
}) {
  return (
    <>
      <FailureAlert error={change.error} />
      <Group>
        <Button type="submit" size="md" loading={change.isPending}>
          {children}
        </Button>
      </Group>
    </>
  );
}
