import type { Booking, BookingPayment } from '@app/shared';
import { Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatPrice } from '../../../lib/format.ts';
import { usePaymentElement } from '../../../lib/stripe-element.ts';
import { Notice } from './notice.tsx';
import { StripeElementBox } from './stripe-element-box.tsx';

type PaymentStepProps = {
  booking: Booking & { payment: BookingPayment };
  publishableKey: string;
  locale?: string;
  /** Where Stripe sends the client back after a bank's own page (3-D Secure); the booking page polls from there. */
  returnUrl: string;
  /** Stripe took the payment in the page: the server is asked until its webhook has booked the time. */
  onPaid: () => void;
  /** The hold ran out on this screen. */
  onHoldEnded: () => void;
};

/** Minutes and seconds left, as 9:05. */
function timeLeft(ms: number) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The payment step of /book (decision 047): Stripe's Payment Element for the deposit or prepayment the booking waits
 * for. The browser never confirms the booking: once Stripe says paid, the page asks the server, which only books it
 * on Stripe's signed webhook (decision 047). A declined card shows Stripe's message and can be tried again while the
 * time is held (decision 050).
 */
export function PaymentStep({ booking, publishableKey, locale, returnUrl, onPaid, onHoldEnded }: PaymentStepProps) {
  const element = usePaymentElement({
    publishableKey,
    clientSecret: booking.payment.clientSecret,
  });
  const expiresAt = Date.parse(booking.payment.holdExpiresAt);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const expired = now >= expiresAt;
  useEffect(() => {
    if (expired) onHoldEnded();
  }, [expired, onHoldEnded]);

  const amount = formatPrice(booking.payment.amountPence, locale, booking.payment.currency);
  return (
    <Stack gap="md">
      <Title order={1}>{booking.payment.kind === 'deposit' ? 'Pay your deposit' : 'Pay for your booking'}</Title>
      <Notice color="blue" title="Your time is held" role="status">
        <Text size="sm">We are holding this time for you for 10 minutes.</Text>
        <Text size="sm" fw={600} aria-live="off">
          Time left: {timeLeft(expiresAt - now)}
        </Text>
      </Notice>
      <StripeElementBox
        element={element}
        formName="payment form"
        failedTitle="The payment did not go through"
        tryAgain="Your time is still held: you can try again or use another card."
        submitLabel={`Pay ${amount}`}
        returnUrl={returnUrl}
        onDone={onPaid}
        blocked={expired}
      >
        <Text>
          {booking.payment.kind === 'deposit'
            ? `A deposit of ${amount} holds this time; the rest is paid at your appointment.`
            : `The full price of ${amount} is paid now.`}
        </Text>
      </StripeElementBox>
    </Stack>
  );
}
