import { type RecordPaymentInput, recordPaymentInput } from '@app/shared';
import { Alert, Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { AmountField, DetailSection } from '../../../components/detail-dialog.tsx';
import { PaymentMethodSelect } from '../../../components/payment-method-select.tsx';
import { readableTitle } from '../../../components/readable-styles.ts';
import { TextField } from '../../../components/text-field.tsx';
import { formatPrice } from '../../../lib/format.ts';
import { type PaymentMethod, paymentMethodLabels, paymentMethodOptions } from '../../../lib/payment-methods.ts';
import type { AdminBookingDetail } from '../admin-api.ts';

/**
 * The no-show fee the client agreed to: charged to their saved card only after a no-show, and only when they saved
 * one; the owner confirms first, as the client's card is charged (decision 054).
 */
export function NoShowFee({
  fee,
  noShow,
  pending,
  onCharge,
}: {
  fee: NonNullable<AdminBookingDetail['noShowFee']>;
  noShow: boolean;
  pending: boolean;
  onCharge: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const amount = formatPrice(fee.feePence);
  return (
    <DetailSection title="No-show fee">
      {fee.status === 'charged' ? (
        <Text size="sm">The no-show fee of {amount} was charged to the client's saved card.</Text>
      ) : fee.status === 'awaiting_card' ? (
        <Text size="sm">
          The client agreed to a no-show fee of {amount} but did not save a card, so it cannot be charged.
        </Text>
      ) : (
        <Text size="sm">The client agreed to a no-show fee of {amount} and saved a card for it.</Text>
      )}
      {fee.status === 'failed' && (
        <Alert color="red" title="The no-show fee was not charged" role="alert" styles={readableTitle}>
          {fee.failureMessage ?? 'The card was declined.'}
        </Alert>
      )}
      {noShow && (fee.status === 'card_saved' || fee.status === 'failed') && !confirming && (
        <Group>
          <Button h={44} variant="default" onClick={() => setConfirming(true)}>
            Charge no-show fee ({amount})
          </Button>
        </Group>
      )}
      {confirming && (
        <Stack gap="xs" role="group" aria-label="Confirm the no-show fee">
          <Text size="sm">{amount} will be taken from the client's saved card now.</Text>
          <Group gap="xs">
            <Button
              h={44}
              loading={pending}
              onClick={() => {
                setConfirming(false);
                onCharge();
              }}
            >
              Charge {amount}
            </Button>
            <Button h={44} variant="subtle" onClick={() => setConfirming(false)}>
              Do not charge
            </Button>
          </Group>
        </Stack>
      )}
    </DetailSection>
  );
}

/** 'Take payment': what is due, prefilled; the method; one tap. */
export function TakePayment({
  due,
  pending,
  onTake,
}: {
  due: number;
  pending: boolean;
  onTake: (payment: RecordPaymentInput) => void;
}) {
  const [amount, setAmount] = useState<number | string>(due / 100);
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setAmount(due / 100), [due]);
  const take = () => {
    const parsed = recordPaymentInput.safeParse({ amountPence: Math.round(Number(amount) * 100), method });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the amount');
    setError(null);
    onTake(parsed.data);
  };
  const pence = Math.round(Number(amount) * 100);
  return (
    <Stack
      gap="xs"
      p="sm"
      component="section"
      aria-label="Take payment"
      bd="1px solid var(--mantine-color-default-border)"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    >
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h5">
          Take payment
        </Title>
        <Text size="sm">{formatPrice(due)} due</Text>
      </Group>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <AmountField label="Amount to take (£)" value={amount} onChange={setAmount} w={130} error={error} />
        <SegmentedControl
          aria-label="Payment method"
          value={method}
          onChange={(value) => setMethod(value as PaymentMethod)}
          data={paymentMethodOptions}
        />
      </Group>
      <Button h={44} loading={pending} onClick={take} disabled={!(pence > 0)}>
        {pence > 0 ? `Take ${formatPrice(pence)} by ${paymentMethodLabels[method].toLowerCase()}` : 'Take payment'}
      </Button>
    </Stack>
  );
}

/**
 * Money in or money back of any amount, by any method, with a note: the same fields, the direction chosen by the
 * button. `onRecord` is handed what to do once it is recorded (the note is cleared).
 */
export function OtherPayment({
  initialPounds,
  refundable,
  onRecord,
}: {
  initialPounds: number | string;
  refundable: boolean;
  onRecord: (kind: 'payment' | 'refund', payment: RecordPaymentInput, after: () => void) => void;
}) {
  const [amount, setAmount] = useState<number | string>(initialPounds);
  const [method, setMethod] = useState<string | null>('cash');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const record = (kind: 'payment' | 'refund') => {
    const parsed = recordPaymentInput.safeParse({ amountPence: Math.round(Number(amount) * 100), method, note });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the payment');
    setError(null);
    onRecord(kind, parsed.data, () => setNote(''));
  };
  return (
    <Group gap="xs" align="flex-end" wrap="wrap" role="group" aria-label="Other payment or refund">
      <AmountField label="Amount (£)" value={amount} onChange={setAmount} w={120} error={error} />
      <PaymentMethodSelect label="Method" value={method} onChange={setMethod} w={150} />
      <TextField label="Note" value={note} onChange={setNote} style={{ flex: 1, minWidth: 140 }} />
      <Button onClick={() => record('payment')}>Record payment</Button>
      {refundable && (
        <Button variant="default" onClick={() => record('refund')}>
          Record refund
        </Button>
      )}
    </Group>
  );
}
