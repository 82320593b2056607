import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * What the owner has set ahead (blocked times, special days), each with a Remove button that spins while that one
 * goes: `title` names an item on screen and, after `removeLabel`, on its button.
 */
export function RemovableList<T extends { id: string }>({
  label,
  items,
  title,
  details,
  removeLabel,
  removing,
  onRemove,
}: {
  label: string;
  items: T[] | undefined;
  title: (item: T) => string;
  details: (item: T) => ReactNode;
  removeLabel: string;
  /** The id being removed, if any. */
  removing: string | undefined;
  onRemove: (id: string) => void;
}) {
  return (
    <Stack gap={6} component="ul" aria-label={label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {items?.map((item) => (
        <Paper component="li" key={item.id} withBorder p="xs" radius="sm">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <div>
              <Text fw={600}>{title(item)}</Text>
              {details(item)}
            </div>
            <Button
              size="compact-sm"
              variant="default"
              loading={removing === item.id}
              onClick={() => onRemove(item.id)}
              aria-label={`${removeLabel} ${title(item)}`}
            >
              Remove
            </Button>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
