import { type Voucher, voucherStatusLabels } from '@app/shared';
import { Table, Text } from '@mantine/core';
import { ColumnHeads } from '../../../components/column-heads.tsx';
import { CardList, ListCard, ListTable } from '../../../components/list-table.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatDay, formatMoney } from '../../../lib/format.ts';

const statusColor: Record<Voucher['status'], string> = {
  awaiting_payment: 'gray',
  active: 'teal',
  spent: 'gray',
  expired: 'orange',
  cancelled: 'gray',
};

export function VoucherStatusBadge({ status }: { status: Voucher['status'] }) {
  return <StatusBadge color={statusColor[status]}>{voucherStatusLabels[status]}</StatusBadge>;
}

const buyerOf = (voucher: Voucher) =>
  voucher.recipientName ? `${voucher.buyerName} for ${voucher.recipientName}` : voucher.buyerName;

/** The desktop view: one row per voucher, its code first (what the owner searches by). */
export function VoucherTable({ vouchers }: { vouchers: Voucher[] }) {
  return (
    <ListTable
      minWidth={760}
      aria-label="Vouchers"
      head={
        <ColumnHeads
          names={['Code', 'For', 'Bought by', 'Value', 'Balance', 'Valid until', 'Status']}
          alignRight={['Value', 'Balance']}
        />
      }
    >
      {vouchers.map((voucher) => (
        <Table.Tr key={voucher.id}>
          <Table.Td ff="monospace">{voucher.code ?? '—'}</Table.Td>
          <Table.Td>{voucher.label}</Table.Td>
          <Table.Td>{buyerOf(voucher)}</Table.Td>
          <Table.Td ta="right">{formatMoney(voucher.valuePence)}</Table.Td>
          <Table.Td ta="right">{formatMoney(voucher.balancePence)}</Table.Td>
          <Table.Td>{formatDay(voucher.expiresOn)}</Table.Td>
          <Table.Td>
            <VoucherStatusBadge status={voucher.status} />
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}

/** The phone view: a card per voucher with the same facts. */
export function VoucherCards({ vouchers }: { vouchers: Voucher[] }) {
  return (
    <CardList aria-label="Vouchers">
      {vouchers.map((voucher) => (
        <ListCard
          key={voucher.id}
          title={
            <Text fw={600} ff="monospace" size="sm">
              {voucher.code ?? '—'}
            </Text>
          }
          aside={<VoucherStatusBadge status={voucher.status} />}
        >
          <Text size="sm">{voucher.label}</Text>
          <Text size="sm">{buyerOf(voucher)}</Text>
          <Text size="sm">
            {formatMoney(voucher.balancePence)} left of {formatMoney(voucher.valuePence)} · until{' '}
            {formatDay(voucher.expiresOn)}
          </Text>
        </ListCard>
      ))}
    </CardList>
  );
}
