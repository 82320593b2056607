import '@mantine/dates/styles.css';
import type { AnalyticsBucket } from '@app/shared';
import { Chip, Group, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { LabelledSegmentedControl } from '../../../components/labelled-segmented-control.tsx';
import { presetLabels, type RangePreset, type ResolvedRange, rangePresets } from '../range.ts';

const bucketLabels: Record<AnalyticsBucket, string> = { day: 'Day', week: 'Week', month: 'Month' };

/** Period presets, custom dates and the bucket: every choice is written to the address. */
export function RangeControls({
  range,
  onPreset,
  onDates,
  onBucket,
}: {
  range: ResolvedRange;
  onPreset: (preset: RangePreset) => void;
  onDates: (from: string, to: string) => void;
  onBucket: (bucket: AnalyticsBucket) => void;
}) {
  return (
    <Stack gap="sm">
      <Stack gap={4}>
        <Text id="period-label" size="sm" fw={500}>
          Period
        </Text>
        <Chip.Group multiple={false} value={range.preset} onChange={(value) => onPreset(value as RangePreset)}>
          <Group gap="xs" role="radiogroup" aria-labelledby="period-label">
            {rangePresets.map((preset) => (
              <Chip key={preset} value={preset} size="sm" variant="outline">
                {presetLabels[preset]}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Stack>
      <Group gap="md" align="flex-end" wrap="wrap">
        {range.preset === 'custom' && (
          <DatePickerInput
            type="range"
            label="Dates"
            value={[range.from, range.to]}
            onChange={([from, to]) => {
              if (from && to) onDates(from, to);
            }}
            valueFormat="D MMM YYYY"
            allowSingleDateInRange
            style={{ flex: '1 1 16rem', maxWidth: '22rem' }}
          />
        )}
        <LabelledSegmentedControl
          label="Show per"
          value={range.bucket}
          onChange={(value) => onBucket(value as AnalyticsBucket)}
          data={(Object.keys(bucketLabels) as AnalyticsBucket[]).map((bucket) => ({
            value: bucket,
            label: bucketLabels[bucket],
          }))}
        />
      </Group>
    </Stack>
  );
}
