import type { AdminBooking } from '@app/shared';
import { Button, Tabs } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { BackOfficePage } from '../../../components/back-office-page.tsx';
import { DismissibleAlert } from '../../../components/dismissible-alert.tsx';
import { setSensualFlag } from '../../../lib/catalog/sensual-flag.ts';
import { usePublicConfig } from '../../../lib/config/api.ts';
import { formatDateTime, localDateIn } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { AdminBookingDetails } from '../components/admin-booking-details.tsx';
import { AdminBookingsCalendar } from '../components/admin-bookings-calendar.tsx';
import { AdminBookingsList } from '../components/admin-bookings-list.tsx';
import { AdminPhoneBooking } from '../components/admin-phone-booking.tsx';
import { TimeChoice } from '../components/time-choice.tsx';
import { emailNote } from '../owner-words.ts';

/** /manage_bookings — the owner's diary: calendar, list, phone bookings and each booking's details. */
export function ManageBookingsPage() {
  usePageTitle('Manage bookings');
  const { data: config } = usePublicConfig();
  const timeZone = config?.timeZone ?? 'Europe/London';
  const [searchParams] = useSearchParams();
  const date = searchParams.get('date');
  const emailEnabled = config?.emailEnabled ?? false;
  // The dashboard opens a booking's sheet (`booking=`) or a new booking (`new=1`) in one tap.
  const [openId, setOpenId] = useState<string | null>(() => searchParams.get('booking'));
  const [creating, setCreating] = useState(() => searchParams.get('new') === '1');
  const [startWith, setStartWith] = useState<'reschedule' | null>(() =>
    searchParams.get('move') === '1' ? 'reschedule' : null,
  );
  const [booked, setBooked] = useState<AdminBooking | null>(null);
  const [tab, setTab] = useState<string | null>('calendar');
  // An empty time tapped in the diary, and the time a new booking starts with.
  const [picked, setPicked] = useState<string | null>(null);
  const [prefill, setPrefill] = useState<string | null>(null);
  const openOn = booked
    ? localDateIn(booked.startsAt, timeZone)
    : date && /^\d{4}-\d{2}-\d{2}$/.test(date)
      ? date
      : undefined;
  const [phone] = useState(
    () => typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 48em)').matches,
  );

  // GET /api/slots answers for sensual services only with the discretion flag; the owner books every style.
  useEffect(() => setSensualFlag(), []);

  return (
    <BackOfficePage
      title="Bookings"
      wide
      actions={
        <Button
          onClick={() => {
            setPrefill(null);
            setCreating(true);
          }}
        >
          New phone booking
        </Button>
      }
    >
      <div role="status">
        {booked && (
          <DismissibleAlert color="teal" title="Booked" onDismiss={() => setBooked(null)}>
            {booked.clientName}, {booked.serviceName}, {formatDateTime(booked.startsAt, timeZone)}
            {booked.status === 'pending' ? ' (waiting for approval)' : ''}.
            {booked.status === 'completed'
              ? ' Recorded as completed.'
              : ` ${emailNote(Boolean(booked.clientEmail), emailEnabled)}`}
          </DismissibleAlert>
        )}
      </div>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="calendar">Calendar</Tabs.Tab>
          <Tabs.Tab value="list">List</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="calendar" pt="sm">
          {/* Opened again on the day of a booking just made, with it outlined. */}
          <AdminBookingsCalendar
            key={booked?.id ?? 'diary'}
            timeZone={timeZone}
            initialDate={openOn}
            highlightId={booked?.id}
            emailEnabled={emailEnabled}
            onOpen={setOpenId}
            onPickTime={setPicked}
          />
        </Tabs.Panel>
        <Tabs.Panel value="list" pt="sm">
          <AdminBookingsList timeZone={timeZone} onOpen={setOpenId} />
        </Tabs.Panel>
      </Tabs>
      <AdminBookingDetails
        bookingId={openId}
        timeZone={timeZone}
        emailEnabled={emailEnabled}
        fullScreen={phone}
        onClose={() => {
          setOpenId(null);
          setStartWith(null);
        }}
        startWith={startWith}
      />
      <TimeChoice
        startsAt={picked}
        timeZone={timeZone}
        fullScreen={phone}
        onClose={() => setPicked(null)}
        onNewBooking={(startsAt) => {
          setPicked(null);
          setPrefill(startsAt);
          setCreating(true);
        }}
      />
      <AdminPhoneBooking
        opened={creating}
        onClose={() => setCreating(false)}
        onBooked={(booking) => {
          setCreating(false);
          setBooked(booking);
          setTab('calendar');
        }}
        timeZone={timeZone}
        fullScreen={phone}
        initialStartsAt={prefill}
      />
    </BackOfficePage>
  );
}
