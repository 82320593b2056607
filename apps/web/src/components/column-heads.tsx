import { Table } from '@mantine/core';

/**
 * A table's column headings, in order (`names`); the columns of figures (`alignRight`: money, counts) are aligned
 * right, as their cells are, so a heading stands over its numbers.
 */
export function ColumnHeads({ names, alignRight = [] }: { names: string[]; alignRight?: string[] }) {
  return names.map((name) => (
    <Table.Th key={name} scope="col" ta={alignRight.includes(name) ? 'right' : undefined}>
      {name}
    </Table.Th>
  ));
}
