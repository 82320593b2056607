import type { TimeRange } from '@app/shared';
import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';

/** A day's opening ranges, 'HH:MM' to 'HH:MM', each removable; `label` names the day for screen readers. */
export function RangesEditor({
  label,
  ranges,
  onChange,
}: {
  label: string;
  ranges: TimeRange[];
  onChange: (ranges: TimeRange[]) => void;
}) {
  const set = (index: number, change: Partial<TimeRange>) =>
    onChange(ranges.map((range, i) => (i === index ? { ...range, ...change } : range)));
  return (
    <Stack gap={6}>
      {ranges.length === 0 && (
        <Text size="sm" c="var(--app-muted)">
          Closed
        </Text>
      )}
      {ranges.map((range, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: ranges have no identity but their place
        <Group key={index} gap={6} wrap="nowrap" align="flex-end">
          <TextInput
            type="time"
            aria-label={`${label}: opens`}
            value={range.start}
            onChange={(event) => set(index, { start: event.currentTarget.value })}
            w={120}
          />
          <Text aria-hidden>–</Text>
          <TextInput
            type="time"
            aria-label={`${label}: closes`}
            value={range.end === '24:00' ? '23:59' : range.end}
            onChange={(event) => set(index, { end: event.currentTarget.value })}
            w={120}
          />
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={`Remove ${label} ${range.start}–${range.end}`}
            onClick={() => onChange(ranges.filter((_, i) => i !== index))}
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          size="compact-sm"
          variant="subtle"
          aria-label={`Add hours on ${label}`}
          onClick={() => {
            const last = ranges.at(-1);
            onChange([
              ...ranges,
              last
                ? { start: last.end, end: last.end < '22:00' ? '22:00' : '23:00' }
                : { start: '10:00', end: '18:00' },
            ]);
          }}
        >
          + Add hours
        </Button>
      </Group>
    </Stack>
  );
}
