import type { JournalEntry } from '@app/shared';
import { Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import { ColumnHeads } from '../../../components/column-heads.tsx';
import { formatDay, formatMoney } from '../../../lib/format.ts';

export const sourceLabels: Record<JournalEntry['sourceType'], string> = {
  payment: 'Payment',
  refund: 'Refund',
  invoice: 'Invoice',
  credit_note: 'Credit note',
  invoice_payment: 'Invoice payment',
  payment_applied: 'Payment applied to invoice',
  expense: 'Expense',
  deposit_applied: 'Deposit applied to sale',
  deposit_kept: 'Deposit kept',
  stripe_balance: 'Stripe fees and payouts',
  no_show_fee: 'No-show fee',
  voucher_sale: 'Gift voucher sold',
  voucher_redeemed: 'Gift voucher spent',
  voucher_expired: 'Gift voucher expired',
  voucher_returned: 'Gift voucher given back',
  course_sale: 'Course sold',
  course_session_used: 'Course session used',
  course_session_returned: 'Course session given back',
  course_adjusted: 'Course sessions adjusted',
  course_expired: 'Course expired',
  reversal: 'Reversal',
  manual: 'Manual',
};

/** One entry as a card: its lines in a small debit / credit table that also fits a phone. */
export function JournalEntryCard({ entry }: { entry: JournalEntry }) {
  return (
    <Card withBorder padding="sm" component="li" aria-label={`Entry ${entry.number}`}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs">
            <Text fw={600}>#{entry.number}</Text>
            <Text size="sm">{formatDay(entry.date)}</Text>
            <Badge variant="light" color={entry.sourceType === 'reversal' ? 'orange' : 'blue'}>
              {sourceLabels[entry.sourceType]}
            </Badge>
            {entry.reversedByEntryId && (
              <Badge variant="outline" color="gray">
                Reversed
              </Badge>
            )}
          </Group>
        </Group>
        <Text size="sm">{entry.description}</Text>
        <Table.ScrollContainer minWidth={320}>
          <Table fz="sm" verticalSpacing={2}>
            <Table.Thead>
              <Table.Tr>
                <ColumnHeads names={['Account', 'Debit', 'Credit']} alignRight={['Debit', 'Credit']} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entry.lines.map((line) => (
                <Table.Tr key={line.id}>
                  <Table.Td>
                    {line.accountCode} {line.accountName}
                  </Table.Td>
                  <Table.Td ta="right">{line.debitPence ? formatMoney(line.debitPence) : ''}</Table.Td>
                  <Table.Td ta="right">{line.creditPence ? formatMoney(line.creditPence) : ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Card>
  );
}

export function JournalList({ entries }: { entries: JournalEntry[] }) {
  if (entries.length === 0) return <Text>No entries match these filters.</Text>;
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {entries.map((entry) => (
        <JournalEntryCard key={entry.id} entry={entry} />
      ))}
    </Stack>
  );
}
