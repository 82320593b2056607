import type { AdminBookingBankDeposit } from '@app/shared';
import { Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { readableTitle } from '../../../components/readable-styles.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { formatDateTime, formatPrice } from '../../../lib/format.ts';
import { ignoreShownError, useRefreshingMutation } from '../../../lib/mutations.ts';

/** The deposit's state in the owner's words: waiting, in the bank and held, taken as the sale, kept or paid back. */
export function bankDepositState(deposit: Pick<AdminBookingBankDeposit, 'status' | 'settlement'>): {
  label: string;
  colour: string;
} {
  if (deposit.status === 'awaiting') return { label: 'Awaiting transfer', colour: 'orange' };
  if (deposit.status === 'released') return { label: 'Not paid: time released', colour: 'gray' };
  switch (deposit.settlement) {
    case 'recognised':
      return { label: 'Applied to the treatment', colour: 'green' };
    case 'kept':
      return { label: 'Kept (late cancellation or no-show)', colour: 'green' };
    case 'refunded':
      return { label: 'Paid back', colour: 'gray' };
    default:
      return { label: 'Received, held until the appointment', colour: 'blue' };
  }
}

/** Marks the deposit received (paid without the reference, or seen in the bank before the statement is imported). */
const useMarkReceived = (id: string) =>
  useRefreshingMutation([['bookings'], ['dashboard'], ['bank-transfers']], () =>
    apiFetch<unknown>(`/admin/bank-transfers/${id}/received`, { method: 'POST', body: {} }),
  );

/** The booking sheet's deposit by bank transfer (decision 066): its state, reference, deadline and "Mark received". */
export function BankDepositSection({ deposit, timeZone }: { deposit: AdminBookingBankDeposit; timeZone: string }) {
  const markReceived = useMarkReceived(deposit.id);
  const [done, setDone] = useState(false);
  const state = bankDepositState(deposit);
  return (
    <Stack gap={6} component="section" aria-label="Deposit by bank transfer">
      <Title order={3} size="h5">
        Deposit by bank transfer
      </Title>
      <Group gap="xs">
        <Text size="sm">{formatPrice(deposit.amountPence)}</Text>
        <Badge color={state.colour} variant="light" size="sm">
          {state.label}
        </Badge>
      </Group>
      <Text size="sm">
        Reference <strong>{deposit.reference}</strong>
        {deposit.status === 'awaiting'
          ? `: the time is held until ${formatDateTime(deposit.holdExpiresAt, timeZone)}.`
          : deposit.receivedAt
            ? `: received ${formatDateTime(deposit.receivedAt, timeZone)}${deposit.matchedBy === 'statement' ? ', matched on a bank statement' : ', marked by you'}.`
            : '.'}
      </Text>
      {done && (
        <Alert color="green" role="status" title="Deposit received" styles={readableTitle}>
          The booking goes ahead as a paid one does.
        </Alert>
      )}
      {markReceived.error && <FailureAlert error={markReceived.error} title="Not marked received" />}
      {deposit.status === 'awaiting' && (
        <Button
          variant="default"
          style={{ alignSelf: 'flex-start' }}
          loading={markReceived.isPending}
          onClick={() => markReceived.mutateAsync().then(() => setDone(true), ignoreShownError)}
        >
          Mark received
        </Button>
      )}
    </Stack>
  );
}
