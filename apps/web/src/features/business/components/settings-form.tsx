import { Button, Group, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { FailureAlert } from '../../../components/failure-alert.tsx';

/** One of the business page's forms: a bordered panel of fields, what went wrong saving, and its save button. */
export function SettingsForm({
  label,
  gap,
  onSubmit,
  error,
  failureTitle,
  saving,
  saveLabel,
  children,
}: {
  label: string;
  gap: 'sm' | 'md';
  onSubmit: () => void;
  error: Error | null;
  failureTitle: string;
  saving: boolean;
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
        <FailureAlert error={error} title={failureTitle} />
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={saving}>
            {saveLabel}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
