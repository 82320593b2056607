import type { Booking, BookingCardSetup } from '@app/shared';
import { Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatPrice } from '../../../lib/format.ts';
import { useStripeElement } from '../../../lib/stripe-element.ts';
import { Notice } from './notice.tsx';

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
  const { mountPoint, ready, loadError, submitError, busy, submit } = useStripeElement({
    publishableKey,
    clientSecret: booking.cardSetup.clientSecret,
    confirm: 'setup',
    formName: 'card form',
    declined: 'The card was not saved. Please try again.',
  });
  const save = async () => {
    if (await submit(returnUrl)) onSaved();
  };

  const fee = formatPrice(booking.cardSetup.feePence, locale, currency);
  return (
    <Stack gap="md">
      <Title order={1}>Save a card for the no-show fee</Title>
      <Paper withBorder p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <Text>
            Nothing is charged now. As you agreed, we charge {fee} to this card only if you do not come to your
            appointment without cancelling it first.
          </Text>
          {!ready && !loadError && <Skeleton height={120} aria-label="Loading the card form" />}
          <div ref={mountPoint} />
          {loadError && (
            <Notice color="red" title="The card form is not available" role="alert">
              {loadError}
            </Notice>
          )}
          {submitError && (
            <Notice color="red" title="The card was not saved" role="alert">
              <Text size="sm">{submitError}</Text>
              <Text size="sm">You can try again or use another card.</Text>
            </Notice>
          )}
          <Button size="md" h={44} onClick={save} loading={busy} disabled={!ready}>
            Save card
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
