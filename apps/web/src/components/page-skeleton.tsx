import { Container, Skeleton, Stack } from '@mantine/core';

/** What a client page shows while its code or data loads: the shape of a page (a title, a line, cards), never a blank. */
export function PageSkeleton({ label = 'Loading…', cards = 2 }: { label?: string; cards?: number }) {
  return (
    <Container size="md" py="xl" role="status" aria-live="polite" aria-label={label}>
      <Stack gap="lg">
        <Skeleton height={40} width="60%" radius="sm" />
        <Skeleton height={16} width="85%" radius="sm" />
        {Array.from({ length: cards }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders
          <Skeleton key={i} height={120} radius="md" />
        ))}
      </Stack>
    </Container>
  );
}
