import { exportProducts, type PnlGranularity, pnlGranularities } from '@app/shared';
import { Button, Group, NativeSelect, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { BackOfficePage } from '../../../components/back-office-page.tsx';
import { LabelledSegmentedControl } from '../../../components/labelled-segmented-control.tsx';
import { LoadFailed, SkeletonRows } from '../../../components/page-skeleton.tsx';
import { type AddressChanges, useAddressFilters } from '../../../lib/address-filters.ts';
import { usePublicConfig } from '../../../lib/config/api.ts';
import { formatDay } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { todayIn } from '../../../lib/zoned-time.ts';
import {
  cashQuery,
  type DateRange,
  financesCsvUrl,
  profitAndLossQuery,
  vatQuery,
  type YearChoice,
  yearEndQuery,
} from '../api.ts';
import { ExportsPanel } from '../components/exports-panel.tsx';
import { monthNames, type PeriodPreset, periodPresets, presetLabels, rangeOf } from '../components/report-period.ts';
import {
  CashTable,
  type MoneyFormat,
  ProfitAndLossSummary,
  ProfitAndLossTable,
  VatTable,
  YearEndTable,
} from '../components/report-tables.tsx';

const tabs = ['profit-and-loss', 'vat', 'cash', 'year-end', 'exports'] as const;

const granularityLabels: Record<PnlGranularity, string> = { month: 'Month', quarter: 'Quarter', year: 'Year' };

const pick = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : fallback;

type Update = (changes: AddressChanges) => void;

function PeriodControls({
  preset,
  range,
  rangeError,
  update,
}: {
  preset: PeriodPreset;
  range: DateRange;
  rangeError: string | null;
  update: Update;
}) {
  return (
    <Group align="flex-end" gap="sm">
      <NativeSelect
        label="Period"
        value={preset}
        data={periodPresets.map((value) => ({ value, label: presetLabels[value] }))}
        onChange={(event) => {
          const next = event.currentTarget.value as PeriodPreset;
          // Custom dates start from the period on screen, so the owner only adjusts it.
          update(
            next === 'custom'
              ? { period: next, from: range.from, to: range.to }
              : { period: next, from: null, to: null },
          );
        }}
      />
      {preset === 'custom' && (
        <>
          <TextInput
            type="date"
            label="From"
            value={range.from}
            onChange={(event) => event.currentTarget.value && update({ from: event.currentTarget.value })}
          />
          <TextInput
            type="date"
            label="To"
            value={range.to}
            error={rangeError}
            onChange={(event) => event.currentTarget.value && update({ to: event.currentTarget.value })}
          />
        </>
      )}
    </Group>
  );
}

/** The figures of one report once loaded, or what stands in for them, and its download link. */
function Report<T>({
  query,
  name,
  csvUrl,
  children,
}: {
  query: UseQueryResult<T>;
  name: string;
  csvUrl: string | null;
  children: (data: T) => ReactNode;
}) {
  if (query.isError) return <LoadFailed what={`The ${name}`} error={query.error} onRetry={() => query.refetch()} />;
  if (!query.data) return query.isFetching ? <SkeletonRows label={`Loading the ${name}`} /> : null;
  return (
    <Stack gap="md" aria-busy={query.isFetching}>
      {children(query.data)}
      {csvUrl && (
        <Button component="a" href={csvUrl} download variant="light" style={{ alignSelf: 'flex-start' }}>
          Download CSV
        </Button>
      )}
    </Stack>
  );
}

function ProfitAndLossPanel({ range, ok, granularity, money, update }: PanelProps & { granularity: PnlGranularity }) {
  const query = useQuery({ ...profitAndLossQuery(range, granularity), enabled: ok });
  return (
    <Stack gap="md">
      <LabelledSegmentedControl
        label="Columns"
        value={granularity}
        data={pnlGranularities.map((value) => ({ value, label: granularityLabels[value] }))}
        onChange={(value) => update({ granularity: value === 'month' ? null : value })}
        style={{ alignSelf: 'flex-start' }}
      />
      <Report
        query={query}
        name="profit and loss"
        csvUrl={ok ? financesCsvUrl.profitAndLoss(range, granularity) : null}
      >
        {(report) => (
          <>
            <ProfitAndLossSummary report={report} money={money} />
            <ProfitAndLossTable report={report} money={money} />
          </>
        )}
      </Report>
    </Stack>
  );
}

type PanelProps = { range: DateRange; ok: boolean; money: MoneyFormat; update: Update };

function VatPanel({ range, ok, money }: PanelProps) {
  const query = useQuery({ ...vatQuery(range), enabled: ok });
  return (
    <Report query={query} name="VAT summary" csvUrl={ok ? financesCsvUrl.vat(range) : null}>
      {(report) => <VatTable report={report} money={money} />}
    </Report>
  );
}

function CashPanel({ range, ok, money }: PanelProps) {
  const query = useQuery({ ...cashQuery(range), enabled: ok });
  return (
    <Report query={query} name="cash position" csvUrl={ok ? financesCsvUrl.cash(range) : null}>
      {(report) => <CashTable report={report} money={money} />}
    </Report>
  );
}

function YearEndPanel({
  choice,
  thisYear,
  money,
  update,
}: {
  choice: YearChoice;
  thisYear: number;
  money: MoneyFormat;
  update: Update;
}) {
  const query = useQuery(yearEndQuery(choice));
  const years = Array.from({ length: 11 }, (_, index) => String(thisYear - index));
  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm">
        <NativeSelect
          label="Year"
          value={String(choice.year)}
          data={years}
          onChange={(event) => update({ year: event.currentTarget.value })}
        />
        <NativeSelect
          label="Financial year starts in"
          value={String(choice.yearStartMonth)}
          data={monthNames.map((name, index) => ({ value: String(index + 1), label: name }))}
          onChange={(event) => update({ start: event.currentTarget.value === '1' ? null : event.currentTarget.value })}
        />
      </Group>
      <Report query={query} name="year-end summary" csvUrl={financesCsvUrl.yearEnd(choice)}>
        {(report) => (
          <>
            <Text size="sm">
              {formatDay(report.from, money.locale)} to {formatDay(report.to, money.locale)}
            </Text>
            <YearEndTable report={report} money={money} />
          </>
        )}
      </Report>
    </Stack>
  );
}

/**
 * /finances — profit and loss, VAT, cash and the year end, all read from the ledger; the tab, the period
 * and the grouping live in the address so a report can be bookmarked or shared with the accountant.
 */
export function FinancesPage() {
  usePageTitle('Finances');
  // Each change builds on the last one made, so both dates typed in a row stick.
  const { params, update } = useAddressFilters();
  const { data: config } = usePublicConfig();
  const money: MoneyFormat = { locale: config?.locale ?? 'en-GB', currency: config?.currency ?? 'GBP' };
  const today = todayIn(config?.timeZone ?? 'Europe/London');
  const thisYear = Number(today.slice(0, 4));

  const tab = pick(tabs, params.get('tab'), 'profit-and-loss');
  const preset = pick(periodPresets, params.get('period'), 'year');
  const range = rangeOf(preset, today, { from: params.get('from'), to: params.get('to') });
  const rangeError = range.from > range.to ? 'The end is before the start' : null;
  const granularity = pick(pnlGranularities, params.get('granularity'), 'month');
  const yearParam = Number(params.get('year'));
  const startParam = Number(params.get('start'));
  const choice: YearChoice = {
    year: Number.isInteger(yearParam) && yearParam >= 2000 && yearParam <= 2100 ? yearParam : thisYear,
    yearStartMonth: Number.isInteger(startParam) && startParam >= 1 && startParam <= 12 ? startParam : 1,
  };

  const panel = { range, ok: rangeError === null, money, update };

  return (
    <BackOfficePage title="Finances">
      <Tabs
        value={tab}
        onChange={(value) => update({ tab: value && value !== 'profit-and-loss' ? value : null })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="profit-and-loss">Profit and loss</Tabs.Tab>
          <Tabs.Tab value="vat">VAT</Tabs.Tab>
          <Tabs.Tab value="cash">Cash</Tabs.Tab>
          <Tabs.Tab value="year-end">Year end</Tabs.Tab>
          <Tabs.Tab value="exports">Exports</Tabs.Tab>
        </Tabs.List>
        {tab !== 'year-end' && (
          <Stack gap="xs" mb="md">
            <PeriodControls preset={preset} range={range} rangeError={rangeError} update={update} />
            <Text size="sm" role="status">
              {formatDay(range.from, money.locale)} to {formatDay(range.to, money.locale)}
            </Text>
          </Stack>
        )}
        <Tabs.Panel value="profit-and-loss">
          <ProfitAndLossPanel {...panel} granularity={granularity} />
        </Tabs.Panel>
        <Tabs.Panel value="vat">
          <VatPanel {...panel} />
        </Tabs.Panel>
        <Tabs.Panel value="cash">
          <CashPanel {...panel} />
        </Tabs.Panel>
        <Tabs.Panel value="year-end">
          <YearEndPanel choice={choice} thisYear={thisYear} money={money} update={update} />
        </Tabs.Panel>
        <Tabs.Panel value="exports">
          <ExportsPanel
            range={range}
            ok={panel.ok}
            product={pick(exportProducts, params.get('product'), 'xero')}
            onProduct={(product) => update({ product: product === 'xero' ? null : product })}
          />
        </Tabs.Panel>
      </Tabs>
    </BackOfficePage>
  );
}
