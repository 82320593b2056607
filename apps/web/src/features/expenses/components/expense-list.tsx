import {
  type ExpenseCategoryTotal,
  type ExpenseRow,
  type ExpenseTotals,
  expensePaymentMethodLabels,
} from '@app/shared';
import { Anchor, Badge, Group, Paper, SimpleGrid, Table, Text } from '@mantine/core';
import { CardList, ListCard, ListTable } from '../../../components/list-table.tsx';
import { formatDay, formatPrice } from '../../../lib/format.ts';
import { Link } from '../../../lib/links.tsx';

export type Money = (pence: number) => string;

function receiptLabel(count: number): string {
  return count === 0 ? 'No receipt' : count === 1 ? '1 receipt' : `${count} receipts`;
}

const expenseLink = (expense: ExpenseRow) => `/expenses/${encodeURIComponent(expense.id)}`;

/** The desktop view: one row per expense. */
export function ExpenseTable({ expenses, money = formatPrice }: { expenses: ExpenseRow[]; money?: Money }) {
  return (
    <ListTable
      minWidth={760}
      highlightOnHover
      head={
        <>
          <Table.Th>Date</Table.Th>
          <Table.Th>Supplier</Table.Th>
          <Table.Th>Category</Table.Th>
          <Table.Th>Paid by</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>Amount</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>VAT</Table.Th>
          <Table.Th>Receipts</Table.Th>
        </>
      }
    >
      {expenses.map((expense) => (
        <Table.Tr key={expense.id}>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(expense.date)}</Table.Td>
          <Table.Td>
            <Anchor component={Link} to={expenseLink(expense)} fw={600} style={{ overflowWrap: 'anywhere' }}>
              {expense.supplier}
            </Anchor>
          </Table.Td>
          <Table.Td>{expense.categoryName}</Table.Td>
          <Table.Td>{expensePaymentMethodLabels[expense.paymentMethod]}</Table.Td>
          <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{money(expense.amountPence)}</Table.Td>
          <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{money(expense.vatPence)}</Table.Td>
          <Table.Td>
            <Group gap={4} wrap="nowrap">
              <Text size="sm">{receiptLabel(expense.receiptCount)}</Text>
              {expense.imported && (
                <Badge variant="outline" color="gray" radius="sm" c="var(--mantine-color-text)">
                  Imported
                </Badge>
              )}
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}

/** The phone view: a card per expense. */
export function ExpenseCards({ expenses, money = formatPrice }: { expenses: ExpenseRow[]; money?: Money }) {
  return (
    <CardList>
      {expenses.map((expense) => (
        <ListCard
          key={expense.id}
          aria-label={expense.supplier}
          title={
            <Anchor component={Link} to={expenseLink(expense)} fw={600} style={{ overflowWrap: 'anywhere' }}>
              {expense.supplier}
            </Anchor>
          }
          aside={
            <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
              {money(expense.amountPence)}
            </Text>
          }
        >
          <Text size="sm">
            {formatDay(expense.date)} · {expense.categoryName}
          </Text>
          <Text size="sm">
            {expensePaymentMethodLabels[expense.paymentMethod]}
            {expense.vatPence > 0 && ` · VAT ${money(expense.vatPence)}`} · {receiptLabel(expense.receiptCount)}
            {expense.imported && ' · imported'}
          </Text>
        </ListCard>
      ))}
    </CardList>
  );
}

/** What was paid over the filter, with the VAT in it and the cost without it. */
export function ExpenseTotalsSummary({ totals, money = formatPrice }: { totals: ExpenseTotals; money?: Money }) {
  const figures = [
    { label: 'Paid', value: totals.amountPence },
    { label: 'VAT', value: totals.vatPence },
    { label: 'Net', value: totals.netPence },
  ];
  return (
    <SimpleGrid cols={3} spacing="xs" component="dl" m={0} aria-label="Totals">
      {figures.map((figure) => (
        <Paper key={figure.label} withBorder p="xs">
          <Text component="dt" size="sm">
            {figure.label}
          </Text>
          <Text component="dd" m={0} fw={700} fz={{ base: 'md', sm: 'lg' }} data-testid={`total-${figure.label}`}>
            {money(figure.value)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

export function ExpenseCategorySummary({
  byCategory,
  money = formatPrice,
}: {
  byCategory: ExpenseCategoryTotal[];
  money?: Money;
}) {
  if (byCategory.length === 0) return null;
  return (
    <Table verticalSpacing={4} aria-label="By category">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Category</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>Expenses</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>Paid</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>Net</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {byCategory.map((row) => (
          <Table.Tr key={row.categoryId}>
            <Table.Td>{row.name}</Table.Td>
            <Table.Td style={{ textAlign: 'right' }}>{row.count}</Table.Td>
            <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{money(row.amountPence)}</Table.Td>
            <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{money(row.netPence)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
