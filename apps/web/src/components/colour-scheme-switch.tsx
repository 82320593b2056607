import { SegmentedControl, Stack, Text, useMantineColorScheme } from '@mantine/core';
import { useId } from 'react';

const choices = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'auto', label: 'Device' },
];

/**
 * Light, dark, or whatever the device uses (the default). Mantine keeps the choice in local storage under the key
 * route-hint.js reads, so the next visit paints in the chosen scheme from the first frame.
 */
export function ColourSchemeSwitch() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const labelId = useId();
  return (
    <Stack gap={4}>
      <Text id={labelId} size="sm" fw={500}>
        Colour scheme
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        fullWidth
        size="sm"
        value={colorScheme}
        onChange={(value) => setColorScheme(value as 'light' | 'dark' | 'auto')}
        data={choices}
      />
    </Stack>
  );
}
