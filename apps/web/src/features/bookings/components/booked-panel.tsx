import type { Booking, BookingBankTransfer, BookingCardSetup, BookingPayment } from '@app/shared';
import { Anchor, Button, Loader, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePublicConfig } from '../../../lib/config/api.ts';
import { Link } from '../../../lib/links.tsx';
import { QuestionnairePrompt } from '../../../lib/records/questionnaire-prompt.tsx';
import { ScreeningPrompt } from '../../../lib/records/screening-prompt.tsx';
import { bookingQuery } from '../api.ts';
import { BankTransferStep } from './bank-transfer-step.tsx';
import { BookingConfirmation } from './booking-confirmation.tsx';
import { Notice } from './notice.tsx';

// Stripe's script and the Payment Element load only when a booking waits for payment (decision 047).
const PaymentStep = lazy(() => import('./payment-step.tsx').then((m) => ({ default: m.PaymentStep })));
const CardSetupStep = lazy(() => import('./card-setup-step.tsx').then((m) => ({ default: m.CardSetupStep })));

type BookedPanelProps = {
  id: string;
  timeZone: string;
  locale?: string;
  currency?: string;
  bookAgain: () => void;
  /** Back to the calendar of the same treatment and length, once a held time was given up. */
  chooseAnotherTime: (booking: Booking) => void;
};

const awaitingPayment = (booking: Booking): booking is Booking & { payment: BookingPayment } =>
  booking.status === 'awaiting_payment' && booking.payment !== null;

const awaitingTransfer = (booking: Booking): booking is Booking & { bankTransfer: BookingBankTransfer } =>
  booking.status === 'awaiting_payment' && booking.bankTransfer?.status === 'awaiting';

const awaitingCard = (booking: Booking): booking is Booking & { cardSetup: BookingCardSetup } =>
  booking.cardSetup?.status === 'awaiting_card' && booking.status !== 'cancelled';

/** /book?booked=<id>: the booking just made (from the cache after confirming, from the server after a reload). */
export function BookedPanel({ id, timeZone, locale, currency, bookAgain, chooseAnotherTime }: BookedPanelProps) {
  const [searchParams] = useSearchParams();
  // Stripe's return from a bank's page adds ?payment_intent=…&redirect_status=…; only the server's answer counts.
  const returned = searchParams.has('payment_intent') && searchParams.get('redirect_status') !== 'failed';
  const [paid, setPaid] = useState(false);
  const [holdEnded, setHoldEnded] = useState(false);
  const waitingForStripe = paid || returned;
  // Stripe's return from a bank's page while saving the card adds ?setup_intent=…
  const [cardSaved, setCardSaved] = useState(false);
  const waitingForCard =
    cardSaved || (searchParams.has('setup_intent') && searchParams.get('redirect_status') !== 'failed');
  const booking = useQuery({
    ...bookingQuery(id),
    // Asked again every second while Stripe's webhook is awaited, or the hold has run out on screen.
    refetchInterval: (query) =>
      (query.state.data?.status === 'awaiting_payment' && (waitingForStripe || holdEnded)) ||
      (query.state.data?.cardSetup?.status === 'awaiting_card' && waitingForCard)
        ? 1000
        : false,
  });
  const { data: config } = usePublicConfig();
  const onPaid = useCallback(() => setPaid(true), []);
  const onHoldEnded = useCallback(() => setHoldEnded(true), []);
  const onCardSaved = useCallback(() => setCardSaved(true), []);
  if (booking.isPending)
    return (
      <Stack gap="lg" role="status" aria-busy="true" aria-label="Loading your booking">
        <Skeleton height={36} width="60%" />
        <Skeleton height={56} />
        <Paper withBorder p="md">
          <Stack gap="xs">
            <Skeleton height={18} width="70%" />
            <Skeleton height={18} width="50%" />
            <Skeleton height={36} width={160} />
          </Stack>
        </Paper>
      </Stack>
    );
  if (booking.isError)
    return (
      <Stack gap="lg">
        <Title order={1}>Your booking</Title>
        <Notice color="red" title="This booking could not be shown" role="alert">
          <Anchor component={Link} to="/bookings">
            See my bookings
          </Anchor>
        </Notice>
      </Stack>
    );
  const made = booking.data;
  // Where Stripe sends the client back after a bank's own page, for the payment and the card alike.
  const returnUrl = new URL(`/book?booked=${encodeURIComponent(made.id)}`, window.location.origin).toString();
  const released = made.status === 'cancelled' && made.payment !== null && made.payment.status !== 'succeeded';
  if (released || (holdEnded && !waitingForStripe && made.status === 'awaiting_payment'))
    return (
      <NoLongerHeld why="The hold has ended" chooseAnotherTime={() => chooseAnotherTime(made)}>
        We held this time for 10 minutes and the payment did not arrive, so it is free again. Nothing was taken from
        your card.
      </NoLongerHeld>
    );
  if (awaitingTransfer(made))
    return <BankTransferStep booking={made} timeZone={timeZone} locale={locale} currency={currency} />;
  if (made.status === 'cancelled' && made.bankTransfer?.status === 'released')
    return (
      <NoLongerHeld why="The deposit did not arrive in time" chooseAnotherTime={() => chooseAnotherTime(made)}>
        The time was released as the deposit by bank transfer had not arrived.
      </NoLongerHeld>
    );
  if (awaitingPayment(made) && waitingForStripe)
    return (
      <AlmostDone title="Confirming your payment">
        Stripe has your payment; we are confirming your booking. This takes a few seconds.
      </AlmostDone>
    );
  if (awaitingPayment(made) && made.payment.clientSecret && config?.payments.publishableKey) {
    return (
      <Suspense fallback={<Skeleton height={240} />}>
        <PaymentStep
          booking={made}
          publishableKey={config.payments.publishableKey}
          locale={locale}
          returnUrl={returnUrl}
          onPaid={onPaid}
          onHoldEnded={onHoldEnded}
        />
      </Suspense>
    );
  }
  // The card for the no-show fee comes after any payment (the time is held for that one).
  if (awaitingCard(made) && made.status !== 'awaiting_payment' && waitingForCard)
    return (
      <AlmostDone title="Saving your card">
        Stripe has your card; we are recording it. This takes a few seconds.
      </AlmostDone>
    );
  if (
    awaitingCard(made) &&
    made.status !== 'awaiting_payment' &&
    made.cardSetup.clientSecret &&
    config?.payments.publishableKey
  ) {
    return (
      <Suspense fallback={<Skeleton height={240} />}>
        <CardSetupStep
          booking={made}
          publishableKey={config.payments.publishableKey}
          locale={locale}
          currency={currency}
          returnUrl={returnUrl}
          onSaved={onCardSaved}
        />
      </Suspense>
    );
  }
  return (
    <Stack gap="md" align="stretch">
      <BookingConfirmation
        booking={booking.data}
        timeZone={timeZone}
        locale={locale}
        currency={currency}
        config={config}
      />
      <ScreeningPrompt bookingId={booking.data.id} />
      <QuestionnairePrompt />
      <Button variant="subtle" onClick={bookAgain} style={{ alignSelf: 'flex-start' }}>
        Book another massage
      </Button>
    </Stack>
  );
}

/** A time held for a payment that never came, given up: why, and back to the calendar. */
function NoLongerHeld({
  why,
  chooseAnotherTime,
  children,
}: {
  why: string;
  chooseAnotherTime: () => void;
  children: ReactNode;
}) {
  return (
    <Stack gap="md">
      <Title order={1}>This time is no longer held</Title>
      <Notice color="orange" title={why} role="alert">
        <Text size="sm">{children}</Text>
      </Notice>
      <Button size="md" onClick={chooseAnotherTime} style={{ alignSelf: 'flex-start' }}>
        Choose another time
      </Button>
    </Stack>
  );
}

/** Stripe has taken it in the page; the booking is asked again until Stripe's webhook has reached the server. */
function AlmostDone({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      <Notice color="blue" title="Almost done" role="status">
        <Stack gap="xs">
          <Loader size="sm" aria-hidden />
          <Text size="sm">{children}</Text>
        </Stack>
      </Notice>
    </Stack>
  );
}
