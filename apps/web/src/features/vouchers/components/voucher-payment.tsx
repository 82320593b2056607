import { Button, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { formatMoney } from '../../../lib/format.ts';
import { useStripeElement } from '../../../lib/stripe-element.ts';

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
  const { mountPoint, ready, loadError, submitError, busy, submit } = useStripeElement({
    publishableKey,
    clientSecret,
    confirm: 'payment',
    formName: 'payment form',
    declined: 'The payment did not go through. Please try again.',
  });
  const error = loadError ?? submitError;
  const pay = async () => {
    if (await submit(returnUrl)) onPaid();
  };

  const amount = formatMoney(amountPence);
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="md">
        {!ready && !loadError && <Skeleton height={120} aria-label="Loading the payment form" />}
        <div ref={mountPoint} />
        {error && (
          <Text c="var(--app-danger-text)" role="alert">
            {error}
          </Text>
        )}
        <Button size="md" h={44} onClick={pay} loading={busy} disabled={!ready}>
          Pay {amount}
        </Button>
      </Stack>
    </Paper>
  );
}
