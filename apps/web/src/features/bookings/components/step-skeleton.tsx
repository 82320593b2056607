import { SimpleGrid, Skeleton, Stack } from '@mantine/core';

/** A skeleton of the step's layout while the treatments or a step's code load. */
export function StepSkeleton() {
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label="Loading">
      <Skeleton height={28} width="50%" />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Skeleton height={140} />
        <Skeleton height={140} />
      </SimpleGrid>
    </Stack>
  );
}
