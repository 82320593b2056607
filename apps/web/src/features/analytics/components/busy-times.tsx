import type { Heatmap } from '@app/shared';
import { Table, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type AnalyticsRange, heatmapQuery } from '../api.ts';
import { weekdayNames } from '../format.ts';
import { ChartPanel } from './chart-panel.tsx';

/** Hours shown: the usual working day, widened to any hour that had a booking. */
export function hoursShown(cells: Heatmap['cells']): number[] {
  const booked = cells.filter((cell) => cell.bookings > 0).map((cell) => cell.hour);
  const first = Math.min(9, ...booked);
  const last = Math.max(20, ...booked);
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}

const BASE: [number, number, number] = [0x18, 0x64, 0xab];

function luminance(rgb: number[]): number {
  const [r = 0, g = 0, b = 0] = rgb.map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * A cell's blue grows with its count; its text is black or white, whichever contrasts more (the
 * better of the two is always above 4.5:1).
 */
export function cellStyle(bookings: number, max: number) {
  if (bookings === 0 || max === 0) return { background: '#f8f9fa', color: '#495057' };
  const strength = 0.12 + (0.88 * bookings) / max;
  const rgb = BASE.map((channel) => Math.round(channel * strength + 255 * (1 - strength)));
  const light = luminance(rgb);
  const onBlack = (light + 0.05) / 0.05;
  const onWhite = 1.05 / (light + 0.05);
  return { background: `rgb(${rgb.join(' ')})`, color: onBlack >= onWhite ? '#000' : '#fff' };
}

const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** The busiest days and hours: weekdays across, hours down, so the grid fits a phone. */
export function BusyTimes({ range }: { range: AnalyticsRange }) {
  const query = useQuery(heatmapQuery(range));
  const cells = query.data?.cells ?? [];
  const max = query.data?.max ?? 0;
  const count = new Map(cells.map((cell) => [`${cell.weekday}/${cell.hour}`, cell.bookings]));
  const busiest = cells.reduce<Heatmap['cells'][number] | null>(
    (best, cell) => (cell.bookings > (best?.bookings ?? 0) ? cell : best),
    null,
  );
  return (
    <ChartPanel
      id="heatmap"
      title="Busiest days and hours"
      description="Bookings that were not cancelled, by the hour they start on the business's clock. Darker is busier."
      summary="Bookings by weekday and hour"
      asImage={false}
      query={query}
    >
      <Table
        withColumnBorders={false}
        fz="xs"
        ta="center"
        layout="fixed"
        verticalSpacing={2}
        horizontalSpacing={2}
        aria-label={
          busiest
            ? `Bookings by weekday and hour; busiest: ${weekdayNames[busiest.weekday - 1]} at ${hourLabel(busiest.hour)} with ${busiest.bookings}`
            : 'Bookings by weekday and hour: none in this period'
        }
        style={{ borderCollapse: 'separate', borderSpacing: 2 }}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w={48}>
              <VisuallyHidden>Hour</VisuallyHidden>
            </Table.Th>
            {weekdayNames.map((name) => (
              <Table.Th key={name} scope="col" ta="center" abbr={name} aria-label={name}>
                {name.slice(0, 3)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {hoursShown(cells).map((hour) => (
            <Table.Tr key={hour}>
              <Table.Th scope="row" fw={500} ta="right" pr={4}>
                {hourLabel(hour)}
              </Table.Th>
              {weekdayNames.map((name, index) => {
                const bookings = count.get(`${index + 1}/${hour}`) ?? 0;
                return (
                  <Table.Td key={name} style={{ ...cellStyle(bookings, max), borderRadius: 4 }} p={4}>
                    {bookings}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ChartPanel>
  );
}
