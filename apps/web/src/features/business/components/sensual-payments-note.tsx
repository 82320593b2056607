import { type SensualStripeDeposit, STRIPE_RESTRICTED_BUSINESSES_URL } from '@app/shared';
import { Alert, Anchor, List, Stack, Text, Title } from '@mantine/core';
import { readableTitle } from '../../../components/readable-styles.ts';
import { usePublicConfig } from '../../../lib/config/api.ts';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';

const settlementWords: Record<NonNullable<SensualStripeDeposit['settlement']>, string> = {
  held: 'still held',
  recognised: 'applied to the treatment',
  kept: 'kept',
  refunded: 'refunded',
};

/**
 * Why sensual massages ask nothing by card (decision 065), in place of their card rules, and the sensual bookings
 * that took a Stripe payment before it was refused: they are left as they are, for the owner to see.
 */
export function SensualPaymentsNote({ deposits }: { deposits: SensualStripeDeposit[] }) {
  const { data: config } = usePublicConfig();
  const timeZone = config?.timeZone ?? 'Europe/London';
  return (
    <Stack gap="sm" component="section" aria-labelledby="sensual-payments-title">
      <Title order={3} size="h4" id="sensual-payments-title">
        Sensual massages
      </Title>
      <Alert color="yellow" title="No card payments for sensual massages" styles={readableTitle}>
        <Text size="sm">
          Stripe, like Square and PayPal, does not allow payments for adult services, and names sexual massage among
          them. Taking a deposit, the full price or a no-show fee by card for a sensual massage risks your Stripe
          account being closed and your money held for months. So sensual bookings ask nothing by card, and gift
          vouchers bought online pay for therapeutic treatments only (vouchers sold in person can pay for any). You can
          ask a deposit by bank transfer instead.{' '}
          {/* In the text's own colour and always underlined: the brand colour on the yellow tint fails contrast in
              the dark scheme, and a link told apart by colour alone fails WCAG 1.4.1. */}
          <Anchor
            href={STRIPE_RESTRICTED_BUSINESSES_URL}
            target="_blank"
            rel="noreferrer"
            c="inherit"
            underline="always"
            fw={600}
          >
            Read Stripe's list of restricted businesses
          </Anchor>
          .
        </Text>
      </Alert>
      {deposits.length > 0 && (
        <Stack gap="xs">
          <Text size="sm">
            These sensual bookings took a payment through Stripe before it was stopped. They are left as they are:
          </Text>
          <List size="sm" aria-label="Sensual bookings paid through Stripe">
            {deposits.map((deposit) => (
              <List.Item key={deposit.bookingId}>
                {formatDateTime(deposit.startsAt, timeZone)}, {deposit.clientName}: {formatMoney(deposit.amountPence)}
                {deposit.settlement && `, ${settlementWords[deposit.settlement]}`}
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
    </Stack>
  );
}
