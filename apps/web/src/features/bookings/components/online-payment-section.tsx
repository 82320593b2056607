import {
  type AdminOnlinePayment,
  type OnlineRefundView,
  onlineRefundStatusLabels,
  requestOnlineRefundInput,
} from '@app/shared';
import { Alert, Badge, Button, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { AppModal } from '../../../components/app-modal.tsx';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { NoteField } from '../../../components/note-field.tsx';
import { readableTitle } from '../../../components/readable-styles.ts';
import { serverMessage } from '../../../lib/api-client.ts';
import { formatDateTime, formatPrice } from '../../../lib/format.ts';
import { useOnlineRefund } from '../admin-api.ts';

const settlementWords: Record<NonNullable<AdminOnlinePayment['settlement']>, string> = {
  held: 'held until the appointment',
  recognised: 'taken as the sale',
  kept: 'kept (late cancellation or no-show)',
  refunded: 'paid back',
};
const statusWords: Record<AdminOnlinePayment['status'], string> = {
  awaiting: 'awaiting payment',
  succeeded: 'paid',
  failed: 'declined',
  cancelled: 'not paid',
};
const badgeColour: Record<OnlineRefundView['status'], string> = {
  requested: 'gray',
  retrying: 'orange',
  pending: 'blue',
  succeeded: 'green',
  failed: 'red',
};

/** What the owner is told once Stripe has answered a refund. */
export function refundOutcome(refund: OnlineRefundView): { title: string; message: string; ok: boolean } {
  const amount = formatPrice(refund.amountPence);
  switch (refund.status) {
    case 'succeeded':
      return { ok: true, title: 'Refunded', message: `${amount} was paid back to the client's card.` };
    case 'pending':
      return {
        ok: true,
        title: 'Refund on its way',
        message: `Stripe accepted the refund of ${amount}; it is recorded once the card issuer confirms it.`,
      };
    case 'requested':
    case 'retrying':
      return {
        ok: false,
        title: 'Refund failed, retrying',
        message: `Stripe could not be reached for the refund of ${amount}. It is tried again every minute; nothing is recorded until Stripe confirms it.`,
      };
    case 'failed':
      return {
        ok: false,
        title: 'Refund failed',
        message: `${refund.failure ?? 'Stripe could not pay it back.'} Nothing was recorded.`,
      };
  }
}

/** The booking sheet's online payment: what was paid through Stripe, each refund and its state, and "Refund". */
export function OnlinePaymentSection({
  bookingId,
  online,
  timeZone,
  fullScreen,
}: {
  bookingId: string;
  online: AdminOnlinePayment;
  timeZone: string;
  fullScreen: boolean;
}) {
  const [opened, setOpened] = useState(false);
  const [outcome, setOutcome] = useState<ReturnType<typeof refundOutcome> | null>(null);
  const what = online.purpose === 'deposit' ? 'Deposit' : 'Prepayment';
  return (
    <Stack gap={6} component="section" aria-label="Paid online">
      <Title order={3} size="h5">
        Paid online
      </Title>
      <Text size="sm">
        {what} of {formatPrice(online.amountPence)}: {statusWords[online.status]}
        {online.status === 'succeeded' && online.settlement ? `, ${settlementWords[online.settlement]}` : ''}.
      </Text>
      {online.refunds.length > 0 && (
        <Stack gap={4} component="ul" style={{ margin: 0, paddingLeft: 18 }} aria-label="Refunds">
          {online.refunds.map((refund) => (
            <Text component="li" size="sm" key={refund.id}>
              Refund of {formatPrice(refund.amountPence)} on {formatDateTime(refund.createdAt, timeZone)} (
              {refund.reason}){' '}
              <Badge color={badgeColour[refund.status]} variant="light" size="sm">
                {onlineRefundStatusLabels[refund.status]}
              </Badge>
              {refund.status === 'failed' && refund.failure ? ` ${refund.failure}` : ''}
            </Text>
          ))}
        </Stack>
      )}
      {outcome && (
        <Alert color={outcome.ok ? 'green' : 'red'} title={outcome.title} role="status" styles={readableTitle}>
          {outcome.message}
        </Alert>
      )}
      {online.refundablePence > 0 && (
        <Group>
          <Button variant="default" onClick={() => setOpened(true)}>
            Refund
          </Button>
          <Text size="sm">{formatPrice(online.refundablePence)} can still be refunded.</Text>
        </Group>
      )}
      {opened && (
        <RefundDialog
          bookingId={bookingId}
          refundablePence={online.refundablePence}
          fullScreen={fullScreen}
          onClose={() => setOpened(false)}
          onDone={(refund) => {
            setOpened(false);
            setOutcome(refundOutcome(refund));
          }}
        />
      )}
    </Stack>
  );
}

function RefundDialog({
  bookingId,
  refundablePence,
  fullScreen,
  onClose,
  onDone,
}: {
  bookingId: string;
  refundablePence: number;
  fullScreen: boolean;
  onClose: () => void;
  onDone: (refund: OnlineRefundView) => void;
}) {
  const [amount, setAmount] = useState<number | string>(refundablePence / 100);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const refund = useOnlineRefund(bookingId);
  const pence = Math.round(Number(amount) * 100);
  const submit = () => {
    const parsed = requestOnlineRefundInput.safeParse({ amountPence: pence, reason });
    if (!parsed.success) {
      const issues = parsed.error.issues;
      return setErrors({
        amount: issues.find((issue) => issue.path[0] === 'amountPence')?.message,
        reason: issues.find((issue) => issue.path[0] === 'reason')?.message,
      });
    }
    if (parsed.data.amountPence > refundablePence)
      return setErrors({ amount: `At most ${formatPrice(refundablePence)} is left to refund.` });
    setErrors({});
    refund.mutateAsync(parsed.data).then(onDone, () => undefined);
  };
  return (
    <AppModal
      opened
      onClose={onClose}
      title="Refund to the client's card"
      fullScreen={fullScreen}
      centered
      classNames={{ content: 'online-refund-dialog' }}
    >
      <Stack gap="md">
        <NumberInput
          label="Amount (£)"
          value={amount}
          onChange={setAmount}
          min={0}
          max={refundablePence / 100}
          decimalScale={2}
          error={errors.amount}
          data-autofocus
        />
        <NoteField
          label="Reason"
          description="Kept with the refund; the client is not emailed."
          value={reason}
          onChange={setReason}
          maxLength={300}
          error={errors.reason}
        />
        <Text size="sm" fw={600} role="note">
          {pence > 0
            ? `${formatPrice(pence)} is paid back to the client's card through Stripe.`
            : 'Enter the amount to pay back.'}
        </Text>
        <FailureAlert error={refund.error} title="Not refunded" styles={readableTitle} message={serverMessage} />
        <DialogActions keepLabel="Keep the money" onKeep={onClose}>
          <Button color="red.8" loading={refund.isPending} onClick={submit}>
            {pence > 0 ? `Refund ${formatPrice(pence)}` : 'Refund'}
          </Button>
        </DialogActions>
      </Stack>
    </AppModal>
  );
}
