import { Button, Paper, Skeleton, Stack, Text, useMantineTheme } from '@mantine/core';
// The pure entry adds Stripe's script only when loadStripe is called: this file is in the gift vouchers chunk only.
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useRef, useState } from 'react';
import { formatMoney } from '../../invoices/format.ts';

/**
 * Stripe's Payment Element for a voucher bought online. The browser never issues the voucher: once Stripe says paid,
 * the page asks the server, which issues it on Stripe's word (the webhook, or Stripe asked directly).
 */
export function VoucherPayment({
  clientSecret,
  publishableKey,
  amountPence,
  returnUrl,
  onPaid,
}: {
  clientSecret: string;
  publishableKey: string;
  amountPence: number;
  returnUrl: string;
  onPaid: () => void;
}) {
  const theme = useMantineTheme();
  const shade = typeof theme.primaryShade === 'number' ? theme.primaryShade : theme.primaryShade.light;
  const colorPrimary = theme.colors[theme.primaryColor]?.[shade];
  const mountPoint = useRef<HTMLDivElement>(null);
  const stripeRef = useRef<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [ready, setReady] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);

  useEffect(() => {
    let cancelled = false;
    loadStripe(publishableKey)
      .then((stripe) => {
        if (cancelled || !stripe || !mountPoint.current) {
          if (!stripe) setError('The payment form could not be loaded.');
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
        if (!cancelled) setError('The payment form could not be loaded. Check your connection and try again.');
      });
    return () => {
      cancelled = true;
    };
  }, [clientSecret, publishableKey, colorPrimary]);

  const pay = async () => {
    const loaded = stripeRef.current;
    if (!loaded || paying) return;
    setPaying(true);
    setError(null);
    try {
      const result = await loaded.stripe.confirmPayment({
        elements: loaded.elements,
        confirmParams: { return_url: returnUrl },
        redirect: 'if_required',
      });
      if (result.error) setError(result.error.message ?? 'The payment did not go through. Please try again.');
      else onPaid();
    } catch {
      setError('We could not reach Stripe. Check your connection and try again.');
    } finally {
      setPaying(false);
    }
  };

  const amount = formatMoney(amountPence);
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="md">
        {!ready && !error && <Skeleton height={120} aria-label="Loading the payment form" />}
        <div ref={mountPoint} />
        {error && (
          <Text c="var(--mantine-color-red-9)" role="alert">
            {error}
          </Text>
        )}
        <Button size="md" h={44} onClick={pay} loading={paying} disabled={!ready}>
          Pay {amount}
        </Button>
      </Stack>
    </Paper>
  );
}
