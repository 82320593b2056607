import { useMantineColorScheme } from '@mantine/core';
import { LabelledSegmentedControl } from './labelled-segmented-control.tsx';

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
  return (
    <LabelledSegmentedControl
      label="Colour scheme"
      fullWidth
      size="sm"
      value={colorScheme}
      onChange={(value) => setColorScheme(value as 'light' | 'dark' | 'auto')}
      data={choices}
    />
  );
}
