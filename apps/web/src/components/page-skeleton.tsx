import { Box, Button, Container, Group, Skeleton, Stack, Text } from '@mantine/core';

/**
 * Grey rows standing in for a list or form while its data loads, announced once as `label`. Only Stack and Skeleton:
 * both in the first paint's CSS.
 */
export function SkeletonRows({ label, rows = 5, height = 44 }: { label: string; rows?: number; height?: number }) {
  return (
    <Stack gap="xs" role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} h={height} radius="sm" />
      ))}
    </Stack>
  );
}

/**
 * What a back-office screen shows while its code or first data loads: the shape of a page (a title, its action, a
 * row of figures, a list), never a blank page. Only Stack, Group, Container and Skeleton: all in the first paint's CSS.
 */
export function PageSkeleton({ label = 'Loading…', rows = 6 }: { label?: string; rows?: number }) {
  return (
    <Container size="xl" py="lg" px={{ base: 'xs', sm: 'md' }} aria-busy>
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Skeleton h={34} w="40%" maw={260} radius="sm" />
          <Skeleton h={36} w={120} radius="md" />
        </Group>
        <Group gap="md" grow wrap="nowrap">
          <Skeleton h={72} radius="md" />
          <Skeleton h={72} radius="md" />
          <Skeleton h={72} radius="md" visibleFrom="sm" />
        </Group>
        <Box>
          <SkeletonRows label={label} rows={rows} />
        </Box>
      </Stack>
    </Container>
  );
}

/** The one way a screen says its data did not come: what, why, and a way to ask again. */
export function LoadFailed({ what, error, onRetry }: { what: string; error: Error; onRetry: () => void }) {
  return (
    <Stack gap="xs" align="flex-start" role="alert">
      <Text>
        {what} could not be loaded: {error.message}
      </Text>
      <Button size="sm" variant="light" onClick={onRetry}>
        Try again
      </Button>
    </Stack>
  );
}
