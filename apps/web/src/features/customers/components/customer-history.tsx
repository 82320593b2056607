import { Group, Paper, Stack, Text } from '@mantine/core';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatDuration, formatPrice } from '../../../lib/format.ts';
import { type PaymentMethod, paymentMethodLabels } from '../../../lib/payment-methods.ts';
import type { CustomerBooking, CustomerDetail } from '../api.ts';

const statusLabels: Record<CustomerBooking['status'], { label: string; color: string }> = {
  pending: { label: 'Waiting for approval', color: 'yellow' },
  confirmed: { label: 'Confirmed', color: 'teal' },
  completed: { label: 'Completed', color: 'gray' },
  no_show: { label: 'No-show', color: 'orange' },
  cancelled: { label: 'Cancelled', color: 'red' },
};

function when(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
}

function Row({ children }: { children: React.ReactNode }) {
  return (
    <Paper withBorder p="xs" component="li">
      <Group justify="space-between" gap="xs" wrap="wrap">
        {children}
      </Group>
    </Paper>
  );
}

/** A history's items, a bordered row each (`row` its content), or `empty` when there are none. */
function RowList<Item extends { id: string }>({
  items,
  empty,
  row,
}: {
  items: Item[];
  empty: string;
  row: (item: Item) => React.ReactNode;
}) {
  if (items.length === 0) return <Text size="sm">{empty}</Text>;
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((item) => (
        <Row key={item.id}>{row(item)}</Row>
      ))}
    </Stack>
  );
}

/** Every booking, newest first, at the therapist's clock. */
export function BookingHistory({ bookings, timeZone }: { bookings: CustomerBooking[]; timeZone: string }) {
  return (
    <RowList
      items={bookings}
      empty="No bookings yet."
      row={(booking) => (
        <>
          <Stack gap={0}>
            <Text size="sm" fw={600}>
              {when(booking.startsAt, timeZone)}
            </Text>
            <Text size="sm">
              {booking.serviceName}, {formatDuration(booking.durationMinutes)}, {formatPrice(booking.pricePence)}
            </Text>
            {booking.cancelReason && <Text size="sm">Reason: {booking.cancelReason}</Text>}
          </Stack>
          <StatusBadge color={statusLabels[booking.status].color}>{statusLabels[booking.status].label}</StatusBadge>
        </>
      )}
    />
  );
}

export function PaymentList({ payments, timeZone }: { payments: CustomerDetail['payments']; timeZone: string }) {
  return (
    <RowList
      items={payments}
      empty="No payments recorded."
      row={(payment) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {payment.kind === 'refund' ? 'Refund · ' : ''}
            {formatPrice(payment.amountPence)} ·{' '}
            {paymentMethodLabels[payment.method as PaymentMethod] ?? payment.method}
          </Text>
          <Text size="sm">{when(payment.paidAt, timeZone)}</Text>
          {payment.note && <Text size="sm">{payment.note}</Text>}
        </Stack>
      )}
    />
  );
}

const emailStatusColors: Record<string, string> = {
  pending: 'yellow',
  sending: 'blue',
  sent: 'teal',
  failed: 'red',
  captured: 'gray',
};

export function EmailList({ emails, timeZone }: { emails: CustomerDetail['emails']; timeZone: string }) {
  return (
    <RowList
      items={emails}
      empty="No emails sent."
      row={(email) => (
        <>
          <Stack gap={0} style={{ minWidth: 0, flex: '1 1 12rem' }}>
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {email.subject}
            </Text>
            <Text size="sm">{when(email.createdAt, timeZone)}</Text>
          </Stack>
          <StatusBadge color={emailStatusColors[email.status] ?? 'gray'}>{email.status}</StatusBadge>
        </>
      )}
    />
  );
}
