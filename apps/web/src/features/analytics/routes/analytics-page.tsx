import type { AnalyticsBucket } from '@app/shared';
import { Container, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useAddressFilters } from '../../../lib/address-filters.ts';
import { usePublicConfig } from '../../../lib/config/api.ts';
import { formatDay } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { todayIn } from '../../../lib/zoned-time.ts';
import { spanQuery } from '../api.ts';
import { AddOnTakeUp } from '../components/add-on-take-up.tsx';
import { BusyTimes } from '../components/busy-times.tsx';
import {
  BookingsChart,
  ClientsChart,
  LeadTimeChart,
  OccupancyChart,
  RevenueChart,
  ServicesChart,
} from '../components/charts.tsx';
import { RangeControls } from '../components/range-controls.tsx';
import { RateCards } from '../components/rate-cards.tsx';
import { type RangePreset, resolveRange } from '../range.ts';

/** /analytics — how the diary and the takings move over any period; the period lives in the address. */
export function AnalyticsPage() {
  usePageTitle('Analytics');
  const config = usePublicConfig().data;
  const timeZone = config?.timeZone ?? 'Europe/London';
  const locale = config?.locale ?? 'en-GB';
  const currency = config?.currency ?? 'GBP';
  const { params, update } = useAddressFilters();
  const allTime = params.get('range') === 'all';
  const spanAnswer = useQuery({ ...spanQuery, enabled: allTime });
  const span = spanAnswer.data;
  const range = resolveRange(params, todayIn(timeZone), span);
  const dates = { from: range.from, to: range.to };

  const onPreset = (preset: RangePreset) =>
    update(
      preset === 'custom'
        ? { range: preset, from: range.from, to: range.to }
        : { range: preset, from: null, to: null, bucket: null },
    );
  const onDates = (from: string, to: string) => update({ range: 'custom', from, to });
  const onBucket = (bucket: AnalyticsBucket) => update({ bucket });
  const props = { range: dates, bucket: range.bucket, locale, currency };

  return (
    <Container size="xl" py="lg" px={{ base: 'xs', sm: 'md' }}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={1}>Analytics</Title>
          <Text c="var(--app-muted)" data-testid="range-text">
            {formatDay(range.from, locale)} – {formatDay(range.to, locale)}
          </Text>
        </Stack>
        <RangeControls range={range} onPreset={onPreset} onDates={onDates} onBucket={onBucket} />
        {allTime && spanAnswer.isPending ? (
          <Loader aria-label="Finding the first booking" />
        ) : (
          <>
            <RateCards {...props} />
            <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
              <BookingsChart {...props} />
              <RevenueChart {...props} />
              <OccupancyChart {...props} />
              <ClientsChart {...props} />
              <ServicesChart range={dates} locale={locale} currency={currency} />
              <LeadTimeChart range={dates} locale={locale} />
            </SimpleGrid>
            <BusyTimes range={dates} />
            <AddOnTakeUp range={dates} locale={locale} currency={currency} />
          </>
        )}
      </Stack>
    </Container>
  );
}
