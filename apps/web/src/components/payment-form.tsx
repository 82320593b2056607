import { Button, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatMoney } from '../lib/format.ts';
import { usePaymentElement } from '../lib/stripe-element.ts';

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
  const { mountPoint, ready, loadError, submitError, busy, submit } = usePaymentElement({
    publishableKey,
    clientSecret,
  });
  const error = loadError ?? submitError;
  const pay = async () => {
    if (await submit(returnUrl)) onPaid();
  };
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="md">
        {children}
        {!ready && !loadError && <Skeleton height={120} aria-label="Loading the payment form" />}
        <div ref={mountPoint} />
        {error && (
          <Text c="var(--app-danger-text)" role="alert">
            {error}
          </Text>
        )}
        <Button size="md" h={44} onClick={pay} loading={busy} disabled={!ready}>
          Pay {formatMoney(amountPence)}
        </Button>
      </Stack>
    </Paper>
  );
}
