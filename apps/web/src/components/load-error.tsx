import { Alert, Button, Stack, Text } from '@mantine/core';

/** The light variant's coloured title (red 6 on red 0) fails WCAG AA contrast: the title takes the text colour. */
const readableTitle = { title: { color: 'var(--mantine-color-text)' } };

/**
 * A block of a screen whose data did not come: a red box saying what is missing, why, and a way to ask again.
 * `LoadFailed` (in page-skeleton) is the quieter line for lists.
 */
export function LoadError({ title, error, onRetry }: { title: string; error: Error; onRetry: () => void }) {
  return (
    <Alert color="red" title={title} role="alert" styles={readableTitle}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{error.message}</Text>
        <Button size="xs" variant="light" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
