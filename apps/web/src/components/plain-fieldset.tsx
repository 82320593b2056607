import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** Fields that belong together under a bold legend, without the browser's fieldset border. */
export function PlainFieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" fw={600}>
        {legend}
      </Text>
      {children}
    </Stack>
  );
}
