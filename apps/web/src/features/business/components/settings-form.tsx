import { Button, Group, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { FailureAlert } from '../../../components/failure-alert.tsx';

/**
 * One of the business page's forms: a bordered panel of fields, what went wrong saving (`change`'s error, under
 * `failureTitle`), and its save button, spinning while the change is on its way.
 */
export function SettingsForm({
  label,
  gap,
  onSubmit,
  change,
  failureTitle,
  saveLabel,
  children,
}: {
  label: string;
  gap: 'sm' | 'md';
  onSubmit: () => void;
  change: { error: Error | null; isPending: boolean };
  failureTitle: string;
  saveLabel: string;
  children: ReactNode;
}) {
  return (
    <Paper
      component="form"
      aria-label={label}
      withBorder
      p={{ base: 'sm', sm: 'md' }}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap={gap}>
        {children}
        <FailureAlert error={change.error} title={failureTitle} />
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={change.isPending}>
            {saveLabel}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
