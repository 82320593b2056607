import { Table } from '@mantine/core';
import { formatMoney } from '../../../lib/format.ts';

/** One line of an invoice's totals: what it is, then the amount at the right; `strong` for the total and what is due. */
export function TotalsRow({ label, pence, strong = false }: { label: string; pence: number; strong?: boolean }) {
  return (
    <Table.Tr>
      <Table.Th scope="row">{label}</Table.Th>
      <Table.Td ta="right" fw={strong ? 700 : undefined}>
        {formatMoney(pence)}
      </Table.Td>
    </Table.Tr>
  );
}
