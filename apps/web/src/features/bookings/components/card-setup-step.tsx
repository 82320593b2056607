import type { Booking, BookingCardSetup } from '@app/shared';
import { Button, Paper, Skeleton, Stack, Text, Title, useMantineTheme } from '@mantine/core';
// Loaded only on this step (a lazy chunk), as the payment step is: no other page fetches Stripe.js.
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useRef, useState } from 'react';
import { formatPrice } from '../../../lib/format.ts';
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
 * Saving the card for the no-show fee the client agreed to (issue 13): Stripe's Payment Element on a SetupIntent
 * made for off-session use. Nothing is charged now; the card details go to Stripe alone, and the server learns the
 * card is saved from Stripe's signed webhook.
 */
export function CardSetupStep({ booking, publishableKey, locale, currency, returnUrl, onSaved }: CardSetupStepProps) {
  const theme = useMantineTheme();
  const shade = typeof theme.primaryShade === 'number' ? theme.primaryShade : theme.primaryShade.light;
  const colorPrimary = theme.colors[theme.primaryColor]?.[shade];
  const mountPoint = useRef<HTMLDivElement>(null);
  const stripeRef = useRef<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [ready, setReady] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const clientSecret = booking.cardSetup.clientSecret;

  useEffect(() => {
    if (!clientSecret) return;
    let cancelled = false;
    loadStripe(publishableKey)
      .then((stripe) => {
        if (cancelled || !stripe || !mountPoint.current) {
          if (!stripe) setLoadError('The card form could not be loaded.');
          return;
        }
        const elements = stripe.elements({
          clientSecret,
          appearance: { theme: 'stripe', variables: colorPrimary ? { colorPrimary } : {} },
        });
        const element = elements.create('payment');
        element.on('ready', () => setReady(true));
        element.mount(mountPoint.current);
        stripeRef.current = { stripe, elements };
      })
      .catch(() => {
        if (!cancelled) setLoadError('The card form could not be loaded. Check your connection and try again.');
      });
    return () => {
      cancelled = true;
    };
  }, [clientSecret, publishableKey, colorPrimary]);

  const save = async () => {
    const loaded = stripeRef.current;
    if (!loaded || saving) return;
    setSaving(true);
    setSaveError(null);
    try {
      const result = await loaded.stripe.confirmSetup({
        elements: loaded.elements,
        confirmParams: { return_url: returnUrl },
        redirect: 'if_required',
      });
      if (result.error) setSaveError(result.error.message ?? 'The card was not saved. Please try again.');
      else onSaved();
    } catch {
      setSaveError('We could not reach Stripe. Check your connection and try again.');
    } finally {
      setSaving(false);
    }
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
          {saveError && (
            <Notice color="red" title="The card was not saved" role="alert">
              <Text size="sm">{saveError}</Text>
              <Text size="sm">You can try again or use another card.</Text>
            </Notice>
          )}
          <Button size="md" h={44} onClick={save} loading={saving} disabled={!ready}>
            Save card
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
