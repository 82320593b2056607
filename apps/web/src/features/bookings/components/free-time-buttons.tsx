import { Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatTime } from '../../../lib/format.ts';
import { groupByPeriod } from '../funnel.ts';

/** A day's free times as buttons, grouped by part of the day, the chosen one pressed (the funnel and rescheduling). */
export function FreeTimeButtons({
  slots,
  value,
  onChange,
  timeZone,
  locale,
}: {
  slots: string[];
  value: string | null | undefined;
  onChange: (slot: string) => void;
  timeZone: string;
  locale?: string;
}) {
  return (
    <Stack gap="sm" role="group" aria-label="Free times">
      {groupByPeriod(slots, timeZone).map((group) => (
        <Stack key={group.period} gap={6} role="group" aria-label={group.period}>
          <Text size="sm" fw={600} aria-hidden="true">
            {group.period}
          </Text>
          <SimpleGrid cols={{ base: 4, xs: 5 }} spacing="xs">
            {group.slots.map((slot) => (
              <Button
                key={slot}
                variant={slot === value ? 'filled' : 'default'}
                aria-pressed={slot === value}
                onClick={() => onChange(slot)}
                px={4}
              >
                {formatTime(slot, timeZone, locale)}
              </Button>
            ))}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}
