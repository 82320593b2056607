import type { InvoiceDetail } from '@app/shared';
import { Alert, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AppModal, type DialogProps } from '../../../components/app-modal.tsx';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { readableTitle } from '../../../components/readable-styles.ts';
import { formatMoney, formatShortDateTime } from '../../../lib/format.ts';
import { billableBookingsQuery, useInvoiceBooking } from '../api.ts';

/** "Invoice a booking": completed bookings of the last 90 days that no invoice covers yet. */
export function BillableBookings({
  opened,
  onClose,
  onCreated,
  timeZone,
  fullScreen,
}: DialogProps & {
  onCreated: (invoice: InvoiceDetail) => void;
  timeZone: string;
}) {
  const list = useQuery({ ...billableBookingsQuery, enabled: opened });
  const create = useInvoiceBooking();
  const when = (iso: string) => formatShortDateTime(iso, timeZone);
  return (
    <AppModal opened={opened} onClose={onClose} title="Invoice a booking" size="lg" fullScreen={fullScreen}>
      <Stack gap="sm">
        <Text size="sm">Completed bookings of the last 90 days without an invoice.</Text>
        <FailureAlert error={create.error} title="The invoice was not created" styles={readableTitle} />
        {list.isPending ? (
          <Loader aria-label="Loading the bookings" />
        ) : list.isError ? (
          <Alert color="red" title="The bookings could not be loaded" role="alert" styles={readableTitle}>
            {list.error.message}
          </Alert>
        ) : list.data.bookings.length === 0 ? (
          <Text>Every completed booking is invoiced.</Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {list.data.bookings.map((booking) => (
              <Card key={booking.id} withBorder padding="sm" component="li">
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Stack gap={0}>
                    <Text fw={600}>{booking.clientName}</Text>
                    <Text size="sm">
                      {booking.serviceName}, {booking.durationMinutes} min · {when(booking.startsAt)}
                    </Text>
                    <Text size="sm">
                      {formatMoney(booking.pricePence)}
                      {booking.paidPence > 0 ? ` · paid ${formatMoney(booking.paidPence)}` : ' · not paid yet'}
                    </Text>
                  </Stack>
                  <Button
                    size="sm"
                    loading={create.isPending && create.variables === booking.id}
                    aria-label={`Invoice ${booking.clientName}, ${when(booking.startsAt)}`}
                    onClick={() => create.mutate(booking.id, { onSuccess: onCreated })}
                  >
                    Invoice
                  </Button>
                </Group>
              </Card>
            ))}
          </Stack>
        )}
      </Stack>
    </AppModal>
  );
}
