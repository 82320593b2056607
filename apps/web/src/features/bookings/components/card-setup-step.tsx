import type { Booking, BookingCardSetup } from '@app/shared';
import { Stack, Text, Title } from '@mantine/core';
import { formatPrice } from '../../../lib/format.ts';
import { useStripeElement } from '../../../lib/stripe-element.ts';
import { StripeElementBox } from './stripe-element-box.tsx';

type CardSetupStepProps = {
  booking: Booking & { cardSetup: BookingCardSetup };
  publishableKey: string;
  locale?: string;
  currency?: string;
  /** Where Stripe sends the client back after a bank's own page; the booking page asks the server from there. */
  returnUrl: string;
  /** Stripe saved the card in the page: the server is asked until its webhook has recorded it. */
  onSaved: () => void;
};

/**
 * Saving the card for the no-show fee the client agreed to (decision 054): Stripe's Payment Element on a SetupIntent
 * made for off-session use. Nothing is charged now; the card details go to Stripe alone, and the server learns the
 * card is saved from Stripe's signed webhook.
 */
export function CardSetupStep({ booking, publishableKey, locale, currency, returnUrl, onSaved }: CardSetupStepProps) {
  const element = useStripeElement({
    publishableKey,
    clientSecret: booking.cardSetup.clientSecret,
    confirm: 'setup',
    formName: 'card form',
    declined: 'The card was not saved. Please try again.',
  });

  const fee = formatPrice(booking.cardSetup.feePence, locale, currency);
  return (
    <Stack gap="md">
      <Title order={1}>Save a card for the no-show fee</Title>
      <StripeElementBox
        element={element}
        formName="card form"
        failedTitle="The card was not saved"
        tryAgain="You can try again or use another card."
        submitLabel="Save card"
        returnUrl={returnUrl}
        onDone={onSaved}
      >
        <Text>
          Nothing is charged now. As you agreed, we charge {fee} to this card only if you do not come to your
          appointment without cancelling it first.
        </Text>
      </StripeElementBox>
    </Stack>
  );
}
