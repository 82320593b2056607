import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatMoney } from '../lib/format.ts';
import { usePaymentElement } from '../lib/stripe-element.ts';
import { StripeElementFrame } from './stripe-element-frame.tsx';

/**
 * Stripe's Payment Element with its Pay button, for something bought online (a course, a gift voucher), under
 * `children` (what is bought). The browser never settles the purchase: once Stripe says paid, `onPaid` lets the page
 * ask the server, which acts on Stripe's word alone.
 */
export function PaymentForm({
  publishableKey,
  clientSecret,
  amountPence,
  returnUrl,
  onPaid,
  children,
}: {
  publishableKey: string;
  clientSecret: string;
  amountPence: number;
  /** Where a bank's own page sends the client back to. */
  returnUrl: string;
  onPaid: () => void;
  children?: ReactNode;
}) {
  const element = usePaymentElement({ publishableKey, clientSecret });
  const error = element.loadError ?? element.submitError;
  return (
    <StripeElementFrame
      element={element}
      loadingLabel="Loading the payment form"
      errors={
        error && (
          <Text c="var(--app-danger-text)" role="alert">
            {error}
          </Text>
        )
      }
      submitLabel={<>Pay {formatMoney(amountPence)}</>}
      returnUrl={returnUrl}
      onDone={onPaid}
    >
      {children}
    </StripeElementFrame>
  );
}
