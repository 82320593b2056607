import { Box, Container, Group, Skeleton, Stack } from '@mantine/core';

/**
 * What a back-office screen shows while its code or first data loads: the shape of a page (a title, its action, a
 * row of figures, a list), never a blank page. Only Stack, Group, Container and Skeleton: all in the first paint's CSS.
 */
export function PageSkeleton({ label = 'Loading…', rows = 6 }: { label?: string; rows?: number }) {
  return (
    <Container size="xl" py="lg" px={{ base: 'xs', sm: 'md' }} role="status" aria-label={label} aria-busy>
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
          <Stack gap="xs">
            {Array.from({ length: rows }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <Skeleton key={i} h={44} radius="sm" />
            ))}
          </Stack>
        </Box>
      </Stack>
    </Container>
  );
}
