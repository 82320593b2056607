import type { PeriodFigures } from '@app/shared';
import { SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { ColumnHeads } from '../../../components/column-heads.tsx';
import { formatPrice } from '../../../lib/format.ts';
import { changeText } from '../format.ts';

const percent = (share: number) => `${Math.round(share * 100)}%`;
const points = (share: number) => `${Math.round(share * 100)} pts`;
const count = (n: number) => String(n);

const rows: { label: string; key: keyof PeriodFigures; show: (n: number) => string; change: (n: number) => string }[] =
  [
    { label: 'Bookings', key: 'bookings', show: count, change: count },
    { label: 'Revenue', key: 'revenuePence', show: (p) => formatPrice(p), change: (p) => formatPrice(p) },
    { label: 'Occupancy', key: 'occupancy', show: percent, change: points },
    { label: 'Cancellations', key: 'cancellations', show: count, change: count },
    { label: 'No-shows', key: 'noShows', show: count, change: count },
  ];

function PeriodTable({
  title,
  current,
  previous,
  previousLabel,
}: {
  title: string;
  current: PeriodFigures;
  previous: PeriodFigures;
  previousLabel: string;
}) {
  return (
    <Stack gap={4}>
      <Title order={3} size="h5">
        {title}
      </Title>
      <Table striped aria-label={title} layout="fixed" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <ColumnHeads
              names={['Figure', 'Now', previousLabel, 'Change']}
              alignRight={['Now', previousLabel, 'Change']}
            />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Th scope="row" fw={500}>
                {row.label}
              </Table.Th>
              <Table.Td ta="right">{row.show(current[row.key])}</Table.Td>
              <Table.Td ta="right">{row.show(previous[row.key])}</Table.Td>
              <Table.Td ta="right">{changeText(current[row.key], previous[row.key], row.change)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** This week and month against the previous ones. */
export function Figures({
  figures,
}: {
  figures: { week: PeriodFigures; previousWeek: PeriodFigures; month: PeriodFigures; previousMonth: PeriodFigures };
}) {
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <PeriodTable title="This week" current={figures.week} previous={figures.previousWeek} previousLabel="Last" />
        <PeriodTable title="This month" current={figures.month} previous={figures.previousMonth} previousLabel="Last" />
      </SimpleGrid>
      {/* The same figures, counted the same way, as Analytics and Finances show for these dates. */}
      <Text size="xs" c="var(--app-muted)">
        Appointments in the period that were not cancelled. Revenue is income net of VAT, as in Finances. Occupancy is
        the share of open hours booked and confirmed or completed.
      </Text>
    </Stack>
  );
}
