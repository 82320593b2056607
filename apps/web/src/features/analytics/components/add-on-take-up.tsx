import { Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { addOnTakeUpQuery } from '../../../lib/catalog/admin-add-ons.ts';
import { formatPrice } from '../../../lib/format.ts';
import type { AnalyticsRange } from '../api.ts';
import { ChartPanel } from './chart-panel.tsx';

/**
 * Add-on take-up: for each add-on, how many of the bookings of the treatments it goes with took it over the
 * period, and what it brought in. Not shown to a business without add-ons.
 */
export function AddOnTakeUp({ range, locale, currency }: { range: AnalyticsRange; locale: string; currency: string }) {
  const answer = useQuery(addOnTakeUpQuery(range));
  const rows = answer.data?.addOns ?? [];
  if (answer.isSuccess && rows.length === 0) return null;
  const percent = (taken: number, offered: number) => (offered ? `${Math.round((taken / offered) * 100)} %` : '–');
  return (
    <ChartPanel
      id="add-on-take-up"
      title="Add-on take-up"
      summary="Each add-on: the bookings that took it, of those it was offered with, and what it brought in."
      query={answer}
      asImage={false}
    >
      <Table.ScrollContainer minWidth={320}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Add-on</Table.Th>
              <Table.Th>Taken</Table.Th>
              <Table.Th>Take-up</Table.Th>
              <Table.Th>Brought in</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{row.archived ? `${row.name} (archived)` : row.name}</Table.Td>
                <Table.Td>
                  {row.taken} of {row.offered}
                </Table.Td>
                <Table.Td>{percent(row.taken, row.offered)}</Table.Td>
                <Table.Td>{formatPrice(row.revenuePence, locale, currency)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </ChartPanel>
  );
}
