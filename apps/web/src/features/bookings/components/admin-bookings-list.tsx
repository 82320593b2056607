import { type BookingStatus, bookingStatuses, massageTypeLabels, massageTypes, styles } from '@app/shared';
import {
  Group,
  Loader,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { formatDateTime, formatDuration, formatPrice } from '../../../lib/format.ts';
import { bookingsRecordStatusesQuery } from '../../../lib/records/api.ts';
import { QuestionnaireLine } from '../../../lib/records/questionnaire-line.tsx';
import { type AdminBookingFilters, adminBookingsQuery } from '../admin-api.ts';
import { BookingStatusBadge } from './booking-status-badge.tsx';

const PAGE_SIZE = 20;
const statusLabels: Record<BookingStatus, string> = {
  awaiting_payment: 'Awaiting payment',
  pending: 'Waiting for approval',
  confirmed: 'Confirmed',
  completed: 'Completed',
  no_show: 'No-show',
  cancelled: 'Cancelled',
};
const typeLabels: Record<string, string> = massageTypeLabels;

/** Every booking, searchable by customer and filtered by dates, status, style and type, a page at a time. */
export function AdminBookingsList({ timeZone, onOpen }: { timeZone: string; onOpen: (bookingId: string) => void }) {
  const [filters, setFilters] = useState<AdminBookingFilters>({});
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 300);
  const [page, setPage] = useState(1);
  const query = { ...filters, q: q || undefined, page, pageSize: PAGE_SIZE };
  const list = useQuery(adminBookingsQuery(query));
  const set = (change: Partial<AdminBookingFilters>) => {
    setFilters((current) => ({ ...current, ...change }));
    setPage(1);
  };
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE));
  const records = useQuery(bookingsRecordStatusesQuery(list.data?.bookings.map((booking) => booking.id) ?? []));

  return (
    <Stack gap="sm">
      <search aria-label="Filter bookings">
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="xs">
          <TextField
            label="Customer"
            placeholder="Name, email or phone"
            value={text}
            onChange={(value) => {
              setText(value);
              setPage(1);
            }}
            style={{ gridColumn: 'span 2' }}
          />
          <TextInput
            label="From"
            type="date"
            value={filters.from ?? ''}
            onChange={(event) => set({ from: event.currentTarget.value || undefined })}
          />
          <TextInput
            label="To"
            type="date"
            value={filters.to ?? ''}
            onChange={(event) => set({ to: event.currentTarget.value || undefined })}
          />
          <Select
            label="Status"
            placeholder="Any"
            clearable
            data={bookingStatuses.map((value) => ({ value, label: statusLabels[value] }))}
            value={filters.status ?? null}
            onChange={(value) => set({ status: (value as BookingStatus | null) ?? undefined })}
          />
          <Select
            label="Style"
            placeholder="Any"
            clearable
            data={styles.map((value) => ({ value, label: value === 'sensual' ? 'Sensual' : 'Therapeutic' }))}
            value={filters.style ?? null}
            onChange={(value) => set({ style: (value as AdminBookingFilters['style']) ?? undefined })}
          />
          <Select
            label="Type"
            placeholder="Any"
            clearable
            data={massageTypes.map((value) => ({ value, label: typeLabels[value] ?? value }))}
            value={filters.type ?? null}
            onChange={(value) => set({ type: (value as AdminBookingFilters['type']) ?? undefined })}
          />
        </SimpleGrid>
      </search>

      <Group gap="xs" mih={24}>
        {list.isFetching && <Loader size="xs" aria-label="Loading bookings" />}
        {list.data && (
          <Text size="sm" aria-live="polite">
            {list.data.total} booking{list.data.total === 1 ? '' : 's'}
          </Text>
        )}
      </Group>

      {list.isError ? (
        <LoadError title="Bookings could not be loaded" error={list.error} onRetry={() => list.refetch()} />
      ) : list.data && list.data.bookings.length === 0 ? (
        <Text>No booking matches.</Text>
      ) : (
        <Stack gap={6} component="ul" aria-label="Bookings" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {list.data?.bookings.map((booking) => (
            <li key={booking.id}>
              <Paper withBorder radius="sm">
                <UnstyledButton
                  onClick={() => onOpen(booking.id)}
                  p="xs"
                  w="100%"
                  aria-label={`${booking.clientName}, ${formatDateTime(booking.startsAt, timeZone)}`}
                >
                  <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                    <div style={{ minWidth: 0 }}>
                      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {booking.clientName}
                      </Text>
                      <Text size="sm">{formatDateTime(booking.startsAt, timeZone)}</Text>
                      <Text size="sm" c="var(--app-muted)">
                        {booking.serviceName}, {formatDuration(booking.durationMinutes)},{' '}
                        {formatPrice(booking.pricePence)}
                        {booking.paidPence > 0 ? ` (paid ${formatPrice(booking.paidPence)})` : ''}
                      </Text>
                      <QuestionnaireLine status={records.data?.[booking.id]?.status} />
                    </div>
                    <BookingStatusBadge status={booking.status} />
                  </Group>
                </UnstyledButton>
              </Paper>
            </li>
          ))}
        </Stack>
      )}
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page}
          onChange={setPage}
          size="sm"
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
        />
      )}
    </Stack>
  );
}
