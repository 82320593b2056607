import { type CustomerPolicy, customerPolicies } from '@app/shared';
import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useUpdateCustomer } from '../api.ts';
import { policyLabels } from './policy-badge.tsx';

const explanations: Record<CustomerPolicy, string> = {
  new: 'A sensual booking waits for your approval.',
  trusted: 'A sensual booking is confirmed without waiting for approval.',
  blocked: 'Cannot book online; you can still book them by phone.',
};

/** New, trusted or blocked: saved as soon as it is switched, and recorded in the audit trail. */
export function PolicySwitch({ uid, policy }: { uid: string; policy: CustomerPolicy }) {
  const update = useUpdateCustomer(uid);
  const [shown, setShown] = useState(policy);
  // The page's data refreshes after a save (or another tab's change): the switch follows it.
  useEffect(() => setShown(policy), [policy]);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);

  const change = (next: string) => {
    const value = next as CustomerPolicy;
    const previous = shown;
    setShown(value);
    setMessage(null);
    update.mutate(
      { policy: value },
      {
        onSuccess: () => setMessage({ error: false, text: `Policy saved: ${policyLabels[value]}.` }),
        onError: (cause) => {
          setShown(previous);
          setMessage({ error: true, text: `The policy was not saved: ${cause.message}` });
        },
      },
    );
  };

  return (
    <Stack gap="xs">
      <SegmentedControl
        aria-label="Policy"
        value={shown}
        onChange={change}
        disabled={update.isPending}
        data={customerPolicies.map((value) => ({ value, label: policyLabels[value] }))}
        color={shown === 'blocked' ? 'red' : shown === 'trusted' ? 'teal' : undefined}
        style={{ alignSelf: 'flex-start' }}
      />
      <Text size="sm">{explanations[shown]}</Text>
      {message && (
        <Text
          size="sm"
          c={message.error ? 'var(--app-danger-text)' : undefined}
          role={message.error ? 'alert' : 'status'}
        >
          {message.text}
        </Text>
      )}
    </Stack>
  );
}
