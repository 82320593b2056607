import type { AnalyticsBucket } from '@app/shared';
import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatWholeMoney } from '../../../lib/format.ts';
import {
  type AnalyticsRange,
  bookingsOverTimeQuery,
  clientsQuery,
  leadTimeQuery,
  occupancyQuery,
  outcomesQuery,
} from '../api.ts';
import { percentOf } from '../format.ts';

function Figure({ label, value, detail }: { label: string; value: string | undefined; detail?: string }) {
  return (
    <Paper withBorder radius="md" p="sm" component="li" style={{ listStyle: 'none' }}>
      <Text size="sm" c="var(--app-muted)">
        {label}
      </Text>
      {value === undefined ? (
        <Skeleton h={28} w="50%" my={2} aria-hidden />
      ) : (
        <Text fz={{ base: 'lg', sm: 'xl' }} fw={700}>
          {value}
        </Text>
      )}
      {detail && (
        <Text size="xs" c="var(--app-muted)">
          {detail}
        </Text>
      )}
    </Paper>
  );
}

/** The period's headline figures, above the charts. */
export function RateCards({
  range,
  bucket,
  locale,
  currency,
}: {
  range: AnalyticsRange;
  bucket: AnalyticsBucket;
  locale: string;
  currency: string;
}) {
  const bookings = useQuery(bookingsOverTimeQuery(range, bucket)).data?.totals;
  const outcomes = useQuery(outcomesQuery(range)).data;
  const occupancy = useQuery(occupancyQuery(range, bucket)).data?.overall;
  const clients = useQuery(clientsQuery(range, bucket)).data?.totals;
  const lead = useQuery(leadTimeQuery(range)).data;
  const number = (n: number) => new Intl.NumberFormat(locale).format(n);
  return (
    <SimpleGrid
      component="ul"
      aria-label="Figures for the period"
      cols={{ base: 2, sm: 4 }}
      spacing="sm"
      p={0}
      m={0}
      data-testid="rate-cards"
    >
      <Figure
        label="Bookings"
        value={bookings && number(bookings.total - bookings.cancelled)}
        detail={bookings && `${number(bookings.cancelled)} cancelled`}
      />
      <Figure
        label="Revenue"
        value={bookings && formatWholeMoney(bookings.revenuePence, locale, currency)}
        detail="net of VAT"
      />
      <Figure
        label="Occupancy"
        value={occupancy && percentOf(occupancy.rate, locale)}
        detail={
          occupancy &&
          `${number(Math.round(occupancy.bookedMinutes / 60))} of ${number(Math.round(occupancy.openMinutes / 60))} open hours`
        }
      />
      <Figure
        label="No-shows"
        value={outcomes && percentOf(outcomes.noShowRate, locale)}
        detail={outcomes && `${number(outcomes.noShows)} of ${number(outcomes.completed + outcomes.noShows)} due`}
      />
      <Figure
        label="Cancelled by clients"
        value={outcomes && percentOf(outcomes.clientCancellationRate, locale)}
        detail={outcomes && `${number(outcomes.cancelledByClient)} of ${number(outcomes.bookings)}`}
      />
      <Figure
        label="Cancelled by you"
        value={outcomes && percentOf(outcomes.businessCancellationRate, locale)}
        detail={outcomes && `${number(outcomes.cancelledByBusiness)} of ${number(outcomes.bookings)}`}
      />
      <Figure
        label="New clients"
        value={clients && number(clients.new)}
        detail={clients && `${number(clients.returning)} returning visits`}
      />
      <Figure
        label="Booked ahead"
        value={
          lead &&
          (lead.medianDays === null
            ? '—'
            : `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(lead.medianDays)} days`)
        }
        detail="median"
      />
    </SimpleGrid>
  );
}
