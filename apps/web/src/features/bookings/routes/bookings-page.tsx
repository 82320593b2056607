import { type Booking, cancellationMoneyText, cancellationVoucherText } from '@app/shared';
import { Button, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { usePublicConfig } from '../../../lib/config/api.ts';
import { REPLY_TO_EMAIL, reachUs } from '../../../lib/config/contact.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { Link } from '../../../lib/links.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { QuestionnairePrompt } from '../../../lib/records/questionnaire-prompt.tsx';
import { myBookingsQuery } from '../api.ts';
import { BookingCard } from '../components/booking-card.tsx';
import { emailedYou } from '../components/booking-terms.tsx';
import { CancelBookingButton } from '../components/cancel-booking-button.tsx';
import { HeadedSection } from '../components/headed-section.tsx';
import { MyCourses } from '../components/my-courses.tsx';
import { MySeries } from '../components/my-series.tsx';
import { MyWaitlist } from '../components/my-waitlist.tsx';
import { Notice } from '../components/notice.tsx';
import { RescheduleBookingButton } from '../components/reschedule-booking-button.tsx';

/** /bookings — the signed-in client's own bookings, to move, cancel or add to a calendar. */
export function BookingsPage() {
  usePageTitle('My bookings');
  const { data: config } = usePublicConfig();
  const bookings = useQuery(myBookingsQuery);
  const timeZone = config?.timeZone ?? 'Europe/London';
  const locale = config?.locale;
  const currency = config?.currency;
  // The server decides the cut-off (and says it in /api/config); a refusal as too late shows its own message.
  const [tooLate, setTooLate] = useState<Record<string, string>>({});
  const onTooLate = (id: string) => (message: string) => setTooLate((current) => ({ ...current, [id]: message }));
  const cutoffHours = config?.booking.cancellationCutoffHours;
  // Never 'please call us' without a number: the email instead, or the one way every client has.
  const reach = reachUs(config?.contact) ?? REPLY_TO_EMAIL;
  const callUs =
    cutoffHours !== undefined
      ? `Changes within ${cutoffHours} hours can no longer be made here: please ${reach}.`
      : `Changes this close to the appointment can no longer be made here: please ${reach}.`;
  // What the client just did, said plainly at the top of the page until dismissed.
  const [done, setDone] = useState<{ title: string; text: string } | null>(null);
  const moved = (booking: Booking) => {
    setDone({
      title: 'Booking moved',
      text: `Your ${booking.serviceName} is now on ${formatDateTime(booking.startsAt, timeZone, locale)}. ${emailedYou('the new time', config?.emailEnabled)}`,
    });
    window.scrollTo({ top: 0 });
  };
  const cancelled = (booking: Booking, before: Booking) => {
    // The voucher's part as the dialog said it: the cancelled booking no longer holds what went back.
    const outcome = [
      cancellationMoneyText(booking.cancellationMoney),
      cancellationVoucherText(booking.cancellationVoucher ?? before.cancellationVoucher),
    ]
      .filter(Boolean)
      .map((sentence) => `${sentence} `)
      .join('');
    setDone({
      title: 'Booking cancelled',
      text: `Your ${booking.serviceName} on ${formatDateTime(booking.startsAt, timeZone, locale)} is cancelled. ${outcome}${emailedYou('a confirmation', config?.emailEnabled)}`,
    });
    window.scrollTo({ top: 0 });
  };

  const released = (booking: Booking) => {
    setDone({
      title: 'Booking cancelled',
      text: `Your ${booking.serviceName} on ${formatDateTime(booking.startsAt, timeZone, locale)} is cancelled and the time released. Nothing is taken from your card.`,
    });
    window.scrollTo({ top: 0 });
  };

  const card = (booking: Booking, upcoming: boolean) => (
    <BookingCard
      key={booking.id}
      booking={booking}
      timeZone={timeZone}
      locale={locale}
      currency={currency}
      upcoming={upcoming}
      actions={
        // Still paying: the client may give the time up (its payment is cancelled), not move it.
        booking.status === 'awaiting_payment' ? (
          <CancelBookingButton
            booking={booking}
            when={formatDateTime(booking.startsAt, timeZone, locale)}
            onTooLate={onTooLate(booking.id)}
            onCancelled={released}
          />
        ) : booking.changeableByClient && !tooLate[booking.id] ? (
          <>
            <RescheduleBookingButton
              booking={booking}
              timeZone={timeZone}
              locale={locale}
              onTooLate={onTooLate(booking.id)}
              onMoved={moved}
            />
            <CancelBookingButton
              booking={booking}
              when={formatDateTime(booking.startsAt, timeZone, locale)}
              onTooLate={onTooLate(booking.id)}
              onCancelled={(after) => cancelled(after, booking)}
            />
          </>
        ) : (
          <Text size="sm" role={tooLate[booking.id] ? 'alert' : undefined}>
            {tooLate[booking.id] ?? callUs}
          </Text>
        )
      }
    />
  );

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={1}>My bookings</Title>
          <Button component={Link} to="/book" variant="light">
            Book a massage
          </Button>
        </Group>
        <QuestionnairePrompt />
        <MyCourses locale={locale} />
        <MySeries timeZone={timeZone} locale={locale} />
        <MyWaitlist timeZone={timeZone} locale={locale} />
        {done && (
          <Notice
            color="teal"
            role="status"
            title={done.title}
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setDone(null)}
          >
            {done.text}
          </Notice>
        )}
        {bookings.isPending ? (
          <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading your bookings">
            <Skeleton height={24} width={140} />
            <Skeleton height={120} />
            <Skeleton height={120} />
          </Stack>
        ) : bookings.isError ? (
          <LoadError
            title="Your bookings could not be loaded"
            error={bookings.error}
            onRetry={() => bookings.refetch()}
          />
        ) : (
          <>
            <HeadedSection id="upcoming-heading" title="Upcoming">
              {bookings.data.upcoming.length === 0 ? (
                <Text>No upcoming bookings.</Text>
              ) : (
                <Stack gap="sm">{bookings.data.upcoming.map((booking) => card(booking, true))}</Stack>
              )}
            </HeadedSection>
            <HeadedSection id="past-heading" title="Past and cancelled">
              {bookings.data.past.length === 0 ? (
                <Text>Nothing here yet.</Text>
              ) : (
                <Stack gap="sm">{bookings.data.past.map((booking) => card(booking, false))}</Stack>
              )}
            </HeadedSection>
          </>
        )}
      </Stack>
    </Container>
  );
}
