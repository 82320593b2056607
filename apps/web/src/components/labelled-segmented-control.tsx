import { SegmentedControl, type SegmentedControlProps, Stack, Text } from '@mantine/core';
import { useId } from 'react';

/** A SegmentedControl with its label shown above it (Mantine's takes none), which also names it for a screen reader. */
export function LabelledSegmentedControl<Value extends string = string>({
  label,
  ...control
}: SegmentedControlProps<Value> & { label: string }) {
  const labelId = useId();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={labelId}>
        {label}
      </Text>
      <SegmentedControl<Value> aria-labelledby={labelId} {...control} />
    </Stack>
  );
}
