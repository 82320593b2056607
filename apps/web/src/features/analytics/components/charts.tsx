import '@mantine/charts/styles.css';
import { type AnalyticsBucket, type LeadTimeBand, leadTimeBandLabels } from '@app/shared';
import { AreaChart, BarChart, DonutChart, LineChart } from '@mantine/charts';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatWholeMoney } from '../../../lib/format.ts';
import {
  type AnalyticsRange,
  bookingsOverTimeQuery,
  byServiceQuery,
  clientsQuery,
  leadTimeQuery,
  occupancyQuery,
} from '../api.ts';
import { bucketLabel, percentOf } from '../format.ts';
import { ChartPanel, type FiguresTable } from './chart-panel.tsx';

export type ChartProps = { range: AnalyticsRange; bucket: AnalyticsBucket; locale: string; currency: string };

const CHART_HEIGHT = 240;
/** Axes stay legible on a 375 px screen: ticks thin out rather than overlap. */
const xAxisProps = { minTickGap: 24, interval: 'preserveStartEnd' as const };
const legendBelow = { verticalAlign: 'bottom' as const, height: 56 };
/** Every bar, area and line chart here: no Recharts keyboard layer (each panel carries its table) and tooltips shown at once. */
const chartDefaults = { accessibilityLayer: false, tooltipAnimationDuration: 0 };
/** A chart of periods along the x axis. */
const overTime = { ...chartDefaults, h: CHART_HEIGHT, dataKey: 'label', xAxisProps };
/** The revenue charts plot pounds; formatWholeMoney takes pence. */
const poundsFormat = (locale: string, currency: string) => (pounds: number) =>
  formatWholeMoney(pounds * 100, locale, currency);
const bucketWord: Record<AnalyticsBucket, string> = { day: 'day', week: 'week', month: 'month' };

/** A chart's periods, each with its x axis label. */
function labelled<Point extends { start: string }>(
  points: Point[] | undefined,
  bucket: AnalyticsBucket,
  locale: string,
) {
  return (points ?? []).map((point) => ({ ...point, label: bucketLabel(point.start, bucket, locale) }));
}

/** The figures of a chart over time: a row a period, its label first. */
function periodTable<Point extends { label: string }>(
  data: Point[],
  columns: string[],
  cells: (point: Point) => (string | number)[],
): FiguresTable {
  return { columns: ['Period', ...columns], rows: data.map((point) => [point.label, ...cells(point)]) };
}

const statusSeries = [
  { name: 'completed', label: 'Completed', color: 'teal.7' },
  { name: 'confirmed', label: 'Confirmed', color: 'blue.7' },
  { name: 'pending', label: 'Pending', color: 'yellow.6' },
  { name: 'noShow', label: 'No-show', color: 'orange.7' },
  { name: 'cancelled', label: 'Cancelled', color: 'gray.5' },
];

export function BookingsChart({ range, bucket, locale }: ChartProps) {
  const query = useQuery(bookingsOverTimeQuery(range, bucket));
  const data = labelled(query.data?.points, bucket, locale);
  const totals = query.data?.totals;
  return (
    <ChartPanel
      id="bookings"
      title="Bookings over time"
      description={`By status, per ${bucketWord[bucket]}, on the day each appointment starts.`}
      summary={
        totals
          ? `${totals.total} bookings: ${totals.completed} completed, ${totals.confirmed} confirmed, ${totals.pending} pending, ${totals.noShow} no-shows, ${totals.cancelled} cancelled.`
          : 'Bookings over time'
      }
      query={query}
      table={periodTable(
        data,
        statusSeries.map((s) => s.label),
        (point) => [point.completed, point.confirmed, point.pending, point.noShow, point.cancelled],
      )}
    >
      <BarChart {...overTime} data={data} type="stacked" series={statusSeries} withLegend legendProps={legendBelow} />
    </ChartPanel>
  );
}

export function RevenueChart({ range, bucket, locale, currency }: ChartProps) {
  const query = useQuery(bookingsOverTimeQuery(range, bucket));
  const data = labelled(query.data?.points, bucket, locale).map((point) => ({
    label: point.label,
    revenue: point.revenuePence / 100,
  }));
  const money = poundsFormat(locale, currency);
  return (
    <ChartPanel
      id="revenue"
      title="Revenue"
      description="Income recognised in the accounts, net of VAT (as on the finances page)."
      summary={`Revenue per ${bucketWord[bucket]}: ${formatWholeMoney(query.data?.totals.revenuePence ?? 0, locale, currency)} in all.`}
      query={query}
      table={periodTable(data, ['Revenue'], (point) => [money(point.revenue)])}
    >
      <AreaChart
        {...overTime}
        data={data}
        series={[{ name: 'revenue', label: 'Revenue', color: 'teal.7' }]}
        valueFormatter={money}
        withDots={false}
        yAxisProps={{ width: 64 }}
      />
    </ChartPanel>
  );
}

export function ServicesChart({ range, locale, currency }: Omit<ChartProps, 'bucket'>) {
  const query = useQuery(byServiceQuery(range));
  const services = query.data?.services ?? [];
  const styles = query.data?.byStyle ?? [];
  const styleName = (style: string) =>
    style === 'therapeutic' ? 'Therapeutic' : style === 'sensual' ? 'Sensual' : 'Other income';
  const styleColor = (style: string) =>
    style === 'therapeutic' ? 'teal.7' : style === 'sensual' ? 'grape.7' : 'gray.6';
  const revenueByStyle = styles
    .filter((style) => style.revenuePence > 0)
    .map((style) => ({
      name: styleName(style.style),
      value: style.revenuePence / 100,
      color: styleColor(style.style),
    }));
  const money = poundsFormat(locale, currency);
  return (
    <ChartPanel
      id="services"
      title="By style and type"
      description="Bookings that were not cancelled, and the revenue each brought in."
      summary={
        services.length
          ? `Bookings by service: ${services.map((s) => `${s.name} ${s.bookings}`).join(', ')}.`
          : 'No bookings in this period.'
      }
      query={query}
      table={{
        columns: ['Service', 'Bookings', 'Completed', 'Revenue'],
        rows: services.map((s) => [
          s.name,
          s.bookings,
          s.completed,
          formatWholeMoney(s.revenuePence, locale, currency),
        ]),
      }}
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {services.length === 0 ? (
          <Text size="sm">No bookings in this period.</Text>
        ) : (
          <BarChart
            {...chartDefaults}
            h={Math.max(160, services.length * 44)}
            data={services.map((s) => ({ name: s.name, bookings: s.bookings }))}
            dataKey="name"
            orientation="vertical"
            series={[{ name: 'bookings', label: 'Bookings', color: 'blue.7' }]}
            yAxisProps={{ width: 110 }}
            gridAxis="none"
          />
        )}
        <Stack gap={4} align="center">
          {revenueByStyle.length ? (
            <DonutChart
              data={revenueByStyle}
              valueFormatter={money}
              withLabels={false}
              withLegend
              legendProps={legendBelow}
              size={150}
              thickness={26}
              chartLabel="Revenue"
              accessibilityLayer={false}
              tooltipDataSource="segment"
            />
          ) : (
            <Text size="sm">No revenue in this period.</Text>
          )}
          {revenueByStyle.map((style) => (
            <Text key={style.name} size="sm">
              {style.name}: {money(style.value)}
            </Text>
          ))}
        </Stack>
      </SimpleGrid>
    </ChartPanel>
  );
}

export function OccupancyChart({ range, bucket, locale }: ChartProps) {
  const query = useQuery(occupancyQuery(range, bucket));
  const data = labelled(query.data?.points, bucket, locale).map((point) => ({
    label: point.label,
    occupancy: point.rate === null ? null : Math.round(point.rate * 1000) / 10,
    open: point.openMinutes,
    booked: point.bookedMinutes,
  }));
  return (
    <ChartPanel
      id="occupancy"
      title="Occupancy"
      description="Minutes of completed and confirmed appointments out of the minutes open (closed days and blocked time left out)."
      summary={`Occupancy per ${bucketWord[bucket]}; ${percentOf(query.data?.overall.rate ?? null, locale)} over the whole period.`}
      query={query}
      table={periodTable(data, ['Booked hours', 'Open hours', 'Occupancy'], (point) => [
        Math.round(point.booked / 6) / 10,
        Math.round(point.open / 6) / 10,
        point.occupancy === null ? '—' : `${point.occupancy}%`,
      ])}
    >
      <LineChart
        {...overTime}
        data={data}
        series={[{ name: 'occupancy', label: 'Occupancy', color: 'indigo.7' }]}
        unit="%"
        withDots={false}
        connectNulls={false}
        yAxisProps={{ domain: [0, 'auto'] }}
      />
    </ChartPanel>
  );
}

export function ClientsChart({ range, bucket, locale }: ChartProps) {
  const query = useQuery(clientsQuery(range, bucket));
  const data = labelled(query.data?.points, bucket, locale);
  const totals = query.data?.totals;
  return (
    <ChartPanel
      id="clients"
      title="New and returning clients"
      description="New: the client's first completed or confirmed booking. Returning: any visit after that."
      summary={
        totals ? `${totals.new} new and ${totals.returning} returning client visits.` : 'New and returning clients'
      }
      query={query}
      table={periodTable(data, ['New', 'Returning'], (point) => [point.new, point.returning])}
    >
      <BarChart
        {...overTime}
        data={data}
        type="stacked"
        series={[
          { name: 'new', label: 'New', color: 'grape.7' },
          { name: 'returning', label: 'Returning', color: 'teal.7' },
        ]}
        withLegend
        legendProps={legendBelow}
      />
    </ChartPanel>
  );
}

/** Axis labels short enough for six bands across a phone; the table keeps the long ones. */
const shortBandLabels: Record<LeadTimeBand, string> = {
  same_day: '0',
  '1_2': '1–2',
  '3_7': '3–7',
  '8_14': '8–14',
  '15_30': '15–30',
  over_30: '30+',
};

export function LeadTimeChart({ range, locale }: Omit<ChartProps, 'bucket' | 'currency'>) {
  const query = useQuery(leadTimeQuery(range));
  const data = (query.data?.bands ?? []).map((band) => ({
    label: leadTimeBandLabels[band.band],
    short: shortBandLabels[band.band],
    bookings: band.bookings,
  }));
  const median = query.data?.medianDays;
  const medianText =
    median === null || median === undefined
      ? 'no bookings'
      : `a median of ${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(median)} days`;
  return (
    <ChartPanel
      id="lead-time"
      title="Lead time"
      description="How far ahead clients book: from the day of booking to the day of the appointment."
      summary={`Bookings by how far ahead they were made, ${medianText}.`}
      query={query}
      table={{ columns: ['Booked ahead', 'Bookings'], rows: data.map((band) => [band.label, band.bookings]) }}
    >
      <BarChart
        {...chartDefaults}
        h={CHART_HEIGHT}
        data={data}
        dataKey="short"
        series={[{ name: 'bookings', label: 'Bookings', color: 'blue.7' }]}
        xAxisProps={{ interval: 0 }}
        xAxisLabel="Days booked ahead"
      />
    </ChartPanel>
  );
}
