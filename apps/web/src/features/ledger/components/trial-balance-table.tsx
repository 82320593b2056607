import type { LedgerAccountKind, TrialBalance } from '@app/shared';
import { Alert, Table, Text } from '@mantine/core';
import { ColumnHeads } from '../../../components/column-heads.tsx';
import { formatMoney } from '../../../lib/format.ts';

const kindLabels: Record<LedgerAccountKind, string> = {
  asset: 'Assets',
  liability: 'Liabilities',
  equity: 'Equity',
  income: 'Income',
  expense: 'Expenses',
};

/** Each account's balance on its natural side; the two totals agree when the books are sound. */
export function TrialBalanceTable({ trial }: { trial: TrialBalance }) {
  const used = trial.accounts.filter((account) => account.debitPence !== 0 || account.creditPence !== 0);
  const balanced = trial.totalDebitPence === trial.totalCreditPence;
  const debitTotal = used.reduce((sum, a) => sum + Math.max(a.balancePence, 0), 0);
  const creditTotal = used.reduce((sum, a) => sum + Math.max(-a.balancePence, 0), 0);
  return (
    <>
      {!balanced && (
        <Alert color="red" title="The books do not balance">
          Debits and credits differ by {formatMoney(Math.abs(trial.totalDebitPence - trial.totalCreditPence))}.
        </Alert>
      )}
      {used.length === 0 ? (
        <Text>Nothing has been posted in this period.</Text>
      ) : (
        <Table.ScrollContainer minWidth={360}>
          <Table striped fz="sm" aria-label="Trial balance">
            <Table.Thead>
              <Table.Tr>
                <ColumnHeads names={['Account', 'Type', 'Debit', 'Credit']} alignRight={['Debit', 'Credit']} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {used.map((account) => (
                <Table.Tr key={account.code}>
                  <Table.Td>
                    {account.code} {account.name}
                  </Table.Td>
                  <Table.Td>{kindLabels[account.kind]}</Table.Td>
                  <Table.Td ta="right">{account.balancePence > 0 ? formatMoney(account.balancePence) : ''}</Table.Td>
                  <Table.Td ta="right">{account.balancePence < 0 ? formatMoney(-account.balancePence) : ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th colSpan={2}>Total</Table.Th>
                <Table.Th ta="right">{formatMoney(debitTotal)}</Table.Th>
                <Table.Th ta="right">{formatMoney(creditTotal)}</Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}
