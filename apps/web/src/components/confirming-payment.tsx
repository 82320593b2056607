import { Text } from '@mantine/core';

/**
 * How often a purchase back from Stripe (a course, a gift voucher) is read again: every 1.5 s while its payment is
 * still awaited, then no more. The server learns the outcome from Stripe's webhook, not from the browser.
 */
export const refetchUntilPaid = (query: { state: { data?: { status: string } } }) =>
  query.state.data?.status === 'awaiting_payment' ? 1500 : false;

/** What the client reads while Stripe's word on their purchase is awaited. */
export function ConfirmingPayment() {
  return (
    <Text role="status" aria-live="polite">
      Confirming your payment…
    </Text>
  );
}
