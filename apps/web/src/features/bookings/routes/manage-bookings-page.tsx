import type { AdminBooking } from '@app/shared';
import { Alert, Button, Container, Group, Stack, Tabs, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../../lib/page-title.ts';
import { setSensualFlag } from '../../catalog/sensual-flag.ts';
import { usePublicConfig } from '../../config/api.ts';
import { AdminBookingDetails } from '../components/admin-booking-details.tsx';
import { AdminBookingsCalendar } from '../components/admin-bookings-calendar.tsx';
import { AdminBookingsList } from '../components/admin-bookings-list.tsx';
import { AdminPhoneBooking } from '../components/admin-phone-booking.tsx';
import { formatDateTime } from '../format.ts';

const readableTitle = { title: { color: 'var(--mantine-color-text)' } };

/** /manage_bookings — the owner's diary: calendar, list, phone bookings and each booking's details. */
export function ManageBookingsPage() {
  usePageTitle('Manage bookings');
  const { data: config } = usePublicConfig();
  const timeZone = config?.timeZone ?? 'Europe/London';
  const [searchParams] = useSearchParams();
  const date = searchParams.get('date');
  const [openId, setOpenId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [booked, setBooked] = useState<AdminBooking | null>(null);
  const [phone] = useState(
    () => typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 48em)').matches,
  );

  // GET /api/slots answers for sensual services only with the discretion flag; the owner books every style.
  useEffect(() => setSensualFlag(), []);

  return (
    <Container size="xl" py="lg" px={{ base: 'xs', sm: 'md' }}>
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={1}>Bookings</Title>
          <Button onClick={() => setCreating(true)}>New phone booking</Button>
        </Group>
        <div role="status">
          {booked && (
            <Alert
              color="teal"
              title="Booked"
              styles={readableTitle}
              withCloseButton
              closeButtonLabel="Dismiss"
              onClose={() => setBooked(null)}
            >
              {booked.clientName}, {booked.serviceName}, {formatDateTime(booked.startsAt, timeZone)}
              {booked.status === 'pending' ? ' (waiting for approval)' : ''}.
              {booked.status === 'completed'
                ? ' Recorded as completed.'
                : booked.clientEmail
                  ? ' The client is emailed.'
                  : ''}
            </Alert>
          )}
        </div>
        <Tabs defaultValue="calendar" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="calendar">Calendar</Tabs.Tab>
            <Tabs.Tab value="list">List</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="calendar" pt="sm">
            <AdminBookingsCalendar
              timeZone={timeZone}
              initialDate={date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : undefined}
              onOpen={setOpenId}
            />
          </Tabs.Panel>
          <Tabs.Panel value="list" pt="sm">
            <AdminBookingsList timeZone={timeZone} onOpen={setOpenId} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
      <AdminBookingDetails bookingId={openId} timeZone={timeZone} fullScreen={phone} onClose={() => setOpenId(null)} />
      <AdminPhoneBooking
        opened={creating}
        onClose={() => setCreating(false)}
        onBooked={(booking) => {
          setCreating(false);
          setBooked(booking);
        }}
        timeZone={timeZone}
        fullScreen={phone}
      />
    </Container>
  );
}
