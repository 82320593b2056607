import { useMantineTheme } from '@mantine/core';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
// The pure entry adds Stripe's script only when loadStripe is called; only lazy screens (the payment and card steps
// of /book, the gift voucher purchase) import this file, so no other page ever fetches Stripe.js.
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useRef, useState } from 'react';

type Confirm = 'payment' | 'setup';

/**
 * Stripe's Payment Element for one intent (a PaymentIntent to pay, a SetupIntent to save a card), in the brand's
 * colour. `submit` confirms it with Stripe in the page (a bank's own page returns to `returnUrl`) and answers whether
 * Stripe took it; the server still learns the outcome from Stripe, never from the browser (decision 047).
 */
export function useStripeElement({
  publishableKey,
  clientSecret,
  confirm,
  formName,
  declined,
}: {
  publishableKey: string;
  clientSecret: string | null;
  confirm: Confirm;
  /** 'payment form', 'card form': named in the messages when it cannot load. */
  formName: string;
  /** Said when Stripe declines without a message of its own. */
  declined: string;
}) {
  const theme = useMantineTheme();
  const shade = typeof theme.primaryShade === 'number' ? theme.primaryShade : theme.primaryShade.light;
  const colorPrimary = theme.colors[theme.primaryColor]?.[shade];
  const mountPoint = useRef<HTMLDivElement>(null);
  const stripeRef = useRef<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [ready, setReady] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!clientSecret) return;
    let cancelled = false;
    loadStripe(publishableKey)
      .then((stripe) => {
        if (cancelled || !stripe || !mountPoint.current) {
          if (!stripe) setLoadError(`The ${formName} could not be loaded.`);
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
        if (!cancelled) setLoadError(`The ${formName} could not be loaded. Check your connection and try again.`);
      });
    return () => {
      cancelled = true;
    };
  }, [clientSecret, publishableKey, colorPrimary, formName]);

  /** True once Stripe has taken it; false with `submitError` set otherwise. */
  const submit = async (returnUrl: string): Promise<boolean> => {
    const loaded = stripeRef.current;
    if (!loaded || busy) return false;
    setBusy(true);
    setSubmitError(null);
    try {
      const options = { elements: loaded.elements, confirmParams: { return_url: returnUrl } };
      const result =
        confirm === 'payment'
          ? await loaded.stripe.confirmPayment({ ...options, redirect: 'if_required' })
          : await loaded.stripe.confirmSetup({ ...options, redirect: 'if_required' });
      if (result.error) setSubmitError(result.error.message ?? declined);
      return !result.error;
    } catch {
      setSubmitError('We could not reach Stripe. Check your connection and try again.');
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { mountPoint, ready, loadError, submitError, busy, submit };
}

/** The Payment Element for money asked now (a deposit or prepayment, a course, a gift voucher), in a payment's words. */
export function usePaymentElement(intent: { publishableKey: string; clientSecret: string | null }) {
  return useStripeElement({
    ...intent,
    confirm: 'payment',
    formName: 'payment form',
    declined: 'The payment did not go through. Please try again.',
  });
}
