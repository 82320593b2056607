import { Skeleton, Stack } from '@mantine/core';
import grid from '../../../components/card-grid.module.css';

/** A skeleton of the step's layout while the treatments or a step's code load. */
export function StepSkeleton() {
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label="Loading">
      <Skeleton height={28} width="50%" />
      <div className={grid.upToTwo}>
        <Skeleton height={140} />
        <Skeleton height={140} />
      </div>
    </Stack>
  );
}
