import { Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../../lib/format.ts';
import { mySeriesQuery } from '../series-api.ts';
import { HeadedSection } from './headed-section.tsx';

/** On /bookings: the client's standing appointments, "Every week on Tuesday at 10:00, 4 of 6 left". */
export function MySeries({ timeZone, locale }: { timeZone: string; locale?: string }) {
  const series = useQuery(mySeriesQuery);
  const list = series.data?.series ?? [];
  if (list.length === 0) return null;
  return (
    <HeadedSection id="series-heading" title="Standing appointments">
      <Stack gap="sm">
        {list.map((one) => (
          <Paper key={one.id} withBorder p="md" radius="md">
            <Text fw={600}>
              {one.description}, {one.left} of {one.total} left
            </Text>
            {one.nextStartsAt && (
              <Text size="sm" c="var(--app-muted)">
                Next: {formatDateTime(one.nextStartsAt, timeZone, locale)}
              </Text>
            )}
          </Paper>
        ))}
      </Stack>
    </HeadedSection>
  );
}
