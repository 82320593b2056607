import {
  type CashReport,
  type IncomeByType,
  massageTypeLabels,
  type PnlColumn,
  type ProfitAndLoss,
  type VatBoxes,
  type VatReport,
  type YearEndSummary,
} from '@app/shared';
import { Alert, Paper, SimpleGrid, Table, Text } from '@mantine/core';
import { type CSSProperties, type ReactNode, useEffect, useRef } from 'react';
import { Amount } from './amount.tsx';
import classes from './report-tables.module.css';

export type MoneyFormat = { locale: string; currency: string };

/** The first column stays in view while a wide table scrolls sideways on a phone. */
const sticky: CSSProperties = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
};

/**
 * A table that scrolls sideways inside its own box on a narrow screen; the box takes keyboard focus so
 * the figures off to the right can be reached without a mouse.
 */
function ScrollTable({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) {
  const viewport = useRef<HTMLDivElement>(null);
  // A table of periods opens on the current one (marked aria-current), just right of the sticky first column.
  useEffect(() => {
    const box = viewport.current;
    const current = box?.querySelector<HTMLElement>('th[aria-current]');
    const first = box?.querySelector<HTMLElement>('th');
    if (box && current && first) box.scrollLeft = current.offsetLeft - first.offsetWidth;
  }, []);
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      scrollAreaProps={{
        viewportRef: viewport,
        // The scrollbar shows whenever the table is wider than the screen: a hint there is more to the right.
        type: 'auto',
        viewportProps: { tabIndex: 0, role: 'region', 'aria-label': `${label} (scrolls sideways)` },
      }}
    >
      {children}
    </Table.ScrollContainer>
  );
}

function RowHeader({ children, strong, indent }: { children: ReactNode; strong?: boolean; indent?: boolean }) {
  return (
    <Table.Th
      scope="row"
      className={classes.rowHeader}
      style={{ ...sticky, fontWeight: strong ? 700 : 400, paddingLeft: indent ? '1.5rem' : undefined }}
    >
      {children}
    </Table.Th>
  );
}

function SectionRow({ title, span }: { title: string; span: number }) {
  return (
    <Table.Tr>
      <Table.Th scope="colgroup" colSpan={span} style={{ background: 'var(--app-surface-strong)' }}>
        {/* Stays in view while the table opens scrolled to the current period. */}
        <span style={{ position: 'sticky', left: 'var(--table-horizontal-spacing, 10px)', display: 'inline-block' }}>
          {title}
        </span>
      </Table.Th>
    </Table.Tr>
  );
}

function AmountCell({ pence, money, strong }: { pence: number; money: MoneyFormat; strong?: boolean }) {
  return (
    <Table.Td ta="right" fw={strong ? 700 : undefined}>
      <Amount pence={pence} {...money} />
    </Table.Td>
  );
}

const styleNames = { therapeutic: 'Therapeutic', sensual: 'Sensual', other: 'Other income' } as const;

function typeName(type: IncomeByType): string {
  const known = massageTypeLabels[type.serviceType as keyof typeof massageTypeLabels];
  const name = known ?? (type.serviceType ? type.serviceType.replaceAll(/[-_]/g, ' ') : 'unspecified');
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} (${type.style ?? 'other'})`;
}

/** The period's three figures at a glance, before the table that breaks them down. */
export function ProfitAndLossSummary({ report, money }: { report: ProfitAndLoss; money: MoneyFormat }) {
  const figures = [
    { label: 'Income', pence: report.totals.income.total },
    { label: 'Expenses', pence: report.totals.expenses.total },
    { label: report.totals.net < 0 ? 'Net loss' : 'Net profit', pence: report.totals.net },
  ];
  return (
    <SimpleGrid cols={3} spacing="xs" component="dl" m={0}>
      {figures.map((figure) => (
        <Paper key={figure.label} withBorder p="xs">
          <Text component="dt" size="sm">
            {figure.label}
          </Text>
          <Text component="dd" m={0} fw={700} fz={{ base: 'sm', sm: 'lg' }}>
            <Amount pence={figure.pence} {...money} />
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** Lines down, periods across with a total at the end; income by style, then by type, expenses, net. */
export function ProfitAndLossTable({ report, money }: { report: ProfitAndLoss; money: MoneyFormat }) {
  const columns: PnlColumn[] = [...report.periods, report.totals];
  // Today's date by the device's clock: a column is a month or longer, so a few hours either way do not matter.
  const today = new Date().toLocaleDateString('en-CA');
  const span = columns.length + 1;
  const line = (
    key: string,
    label: ReactNode,
    pick: (column: PnlColumn) => number,
    options: { strong?: boolean; indent?: boolean } = {},
  ) => (
    <Table.Tr key={key}>
      <RowHeader strong={options.strong} indent={options.indent}>
        {label}
      </RowHeader>
      {columns.map((column) => (
        <AmountCell key={column.start + column.label} pence={pick(column)} money={money} strong={options.strong} />
      ))}
    </Table.Tr>
  );
  const styles = (['therapeutic', 'sensual', 'other'] as const).filter(
    (style) => style !== 'other' || columns.some((column) => column.income.byStyle.other !== 0),
  );
  return (
    <ScrollTable label="Profit and loss" minWidth={Math.min(200 + columns.length * 110, 1800)}>
      <Table fz="sm" withRowBorders aria-label="Profit and loss">
        <Table.Thead>
          <Table.Tr>
            <Table.Th className={classes.rowHeader} style={sticky}>
              Item
            </Table.Th>
            {columns.map((column) => (
              <Table.Th
                key={column.start + column.label}
                ta="right"
                style={{ whiteSpace: 'nowrap' }}
                aria-current={
                  column !== report.totals && column.start <= today && today <= column.end ? 'date' : undefined
                }
              >
                {column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <SectionRow title="Income" span={span} />
          {styles.map((style) =>
            line(`style-${style}`, styleNames[style], (column) => column.income.byStyle[style], { indent: true }),
          )}
          {line('income', 'Total income', (column) => column.income.total, { strong: true })}
          {report.totals.income.byType.length > 0 && <SectionRow title="Income by type" span={span} />}
          {report.totals.income.byType.map((type, index) =>
            line(
              `type-${type.style}-${type.serviceType}`,
              typeName(type),
              (column) => column.income.byType[index]?.pence ?? 0,
              {
                indent: true,
              },
            ),
          )}
          <SectionRow title="Expenses" span={span} />
          {report.totals.expenses.byCategory.map((category, index) =>
            line(
              `expense-${category.accountCode}`,
              category.name,
              (column) => column.expenses.byCategory[index]?.pence ?? 0,
              {
                indent: true,
              },
            ),
          )}
          {line('expenses', 'Total expenses', (column) => column.expenses.total, { strong: true })}
        </Table.Tbody>
        <Table.Tfoot>{line('net', 'Net profit', (column) => column.net, { strong: true })}</Table.Tfoot>
      </Table>
    </ScrollTable>
  );
}

function TwoColumnTable({
  label,
  head,
  rows,
  money,
}: {
  label: string;
  head: [string, string];
  rows: { key: string; label: ReactNode; pence: number; strong?: boolean }[];
  money: MoneyFormat;
}) {
  return (
    <ScrollTable label={label} minWidth={280}>
      <Table fz="sm" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{head[0]}</Table.Th>
            <Table.Th ta="right">{head[1]}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Th scope="row" fw={row.strong ? 700 : 400}>
                {row.label}
              </Table.Th>
              <AmountCell pence={row.pence} money={money} strong={row.strong} />
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/** The VAT return's boxes the ledger fills, in HMRC's order; box 5, what is paid or reclaimed, stands out. */
const vatBoxRows: { box: keyof VatBoxes; label: string }[] = [
  { box: 'box1', label: 'Box 1: VAT due on sales' },
  { box: 'box2', label: 'Box 2: VAT due on EU acquisitions' },
  { box: 'box3', label: 'Box 3: total VAT due' },
  { box: 'box4', label: 'Box 4: VAT reclaimed on purchases' },
  { box: 'box5', label: 'Box 5: net VAT to pay or reclaim' },
  { box: 'box6', label: 'Box 6: total sales excluding VAT' },
  { box: 'box7', label: 'Box 7: total purchases excluding VAT' },
];

export function VatTable({ report, money }: { report: VatReport; money: MoneyFormat }) {
  return (
    <>
      {!report.vatRegistered && (
        <Alert color="blue" title="Not VAT registered">
          The business is not registered for VAT, so no VAT return is due. The figures show any VAT the ledger holds.
        </Alert>
      )}
      {report.vatRegistered && report.vatNumber && <Text size="sm">VAT number {report.vatNumber}</Text>}
      <TwoColumnTable
        label="VAT summary"
        head={['Item', 'Amount']}
        money={money}
        rows={[
          { key: 'out', label: 'Output VAT (on sales)', pence: report.outputVat },
          { key: 'in', label: 'Input VAT (on expenses)', pence: report.inputVat },
          {
            key: 'net',
            label: report.netDue >= 0 ? 'Net VAT due to HMRC' : 'Net VAT to reclaim from HMRC',
            pence: report.netDue,
            strong: true,
          },
        ]}
      />
      <TwoColumnTable
        label="VAT return boxes"
        head={['VAT return box', 'Amount']}
        money={money}
        rows={vatBoxRows.map(({ box, label }) => ({
          key: box,
          label,
          pence: report.boxes[box],
          strong: box === 'box5',
        }))}
      />
      {report.otherVatMovements !== 0 && (
        <Text size="sm">
          Other VAT movements (corrections, not in the boxes): <Amount pence={report.otherVatMovements} {...money} />
        </Text>
      )}
    </>
  );
}

export function CashTable({ report, money }: { report: CashReport; money: MoneyFormat }) {
  return (
    <>
      <ScrollTable label="Cash position" minWidth={560}>
        <Table fz="sm" aria-label="Cash position">
          <Table.Thead>
            <Table.Tr>
              <Table.Th className={classes.rowHeader} style={sticky}>
                Account
              </Table.Th>
              <Table.Th ta="right">Opening balance</Table.Th>
              <Table.Th ta="right">Money in</Table.Th>
              <Table.Th ta="right">Money out</Table.Th>
              <Table.Th ta="right">Closing balance</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.accounts.map((account) => (
              <Table.Tr key={account.accountCode}>
                <RowHeader>{account.name}</RowHeader>
                <AmountCell pence={account.opening} money={money} />
                <AmountCell pence={account.moneyIn} money={money} />
                <AmountCell pence={account.moneyOut} money={money} />
                <AmountCell pence={account.closing} money={money} />
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <RowHeader strong>Total</RowHeader>
              <AmountCell pence={report.total.opening} money={money} strong />
              <AmountCell pence={report.total.moneyIn} money={money} strong />
              <AmountCell pence={report.total.moneyOut} money={money} strong />
              <AmountCell pence={report.total.closing} money={money} strong />
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </ScrollTable>
      <Text>
        Owed by clients on invoices at the end of the period:{' '}
        <Amount pence={report.receivablesOutstanding} {...money} />
      </Text>
    </>
  );
}

export function YearEndTable({ report, money }: { report: YearEndSummary; money: MoneyFormat }) {
  return (
    <>
      <TwoColumnTable
        label={`Year end ${report.label}`}
        head={['Item', 'Amount']}
        money={money}
        rows={[
          ...(['therapeutic', 'sensual', 'other'] as const).map((style) => ({
            key: `income-${style}`,
            label: `Income: ${styleNames[style].toLowerCase()}`,
            pence: report.income.byStyle[style],
          })),
          { key: 'income', label: 'Total income', pence: report.income.total, strong: true },
          ...report.expenses.byCategory.map((category) => ({
            key: `expense-${category.accountCode}`,
            label: `Expenses: ${category.name}`,
            pence: category.pence,
          })),
          { key: 'expenses', label: 'Total expenses', pence: report.expenses.total, strong: true },
          { key: 'net', label: 'Net profit', pence: report.netProfit, strong: true },
          { key: 'vat', label: 'VAT owed at year end', pence: report.vatOwed },
          { key: 'receivables', label: 'Owed by clients at year end', pence: report.receivables },
          ...report.cash.accounts.map((account) => ({
            key: `cash-${account.accountCode}`,
            label: `${account.name} at year end`,
            pence: account.balance,
          })),
          { key: 'cash', label: 'Cash at year end: total', pence: report.cash.total, strong: true },
          { key: 'equity', label: 'Money put in (+) or taken out (−) by the owner', pence: report.ownerEquityMovement },
        ]}
      />
      <Text>
        Bookings completed: <strong>{report.bookingsCompleted.toLocaleString(money.locale)}</strong>
      </Text>
    </>
  );
}
