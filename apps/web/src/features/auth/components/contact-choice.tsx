import { type ContactChannel, type ContactPreference, contactChannels } from '@app/shared';
import { Badge, Button, Group, Radio, Stack, Text } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { TextField } from '../../../components/text-field.tsx';
import { apiFetch } from '../../../lib/api-client.ts';
import { useRefreshingMutation } from '../../../lib/mutations.ts';

const contactPreferenceQuery = queryOptions({
  queryKey: ['account', 'contact-preference'],
  queryFn: () => apiFetch<ContactPreference>('/account/contact-preference'),
});

const labels: Record<ContactChannel, string> = {
  both: 'Email and text',
  email: 'Email only',
  text: 'Text only (email when you cannot be texted)',
};

/** How the client is told of their bookings: email, text or both (decision 072). */
export function ContactChoice() {
  const preference = useQuery(contactPreferenceQuery);
  const save = useRefreshingMutation([['account', 'contact-preference']], (channel: ContactChannel) =>
    apiFetch<ContactPreference>('/account/contact-preference', { method: 'PUT', body: { channel } }),
  );
  if (preference.isPending) return <Text size="sm">Loading…</Text>;
  if (preference.isError) return <Text size="sm">Your choice could not be loaded: {preference.error.message}</Text>;
  const chosen = save.isPending ? save.variables : preference.data.channel;
  return (
    <Stack gap="xs">
      {!preference.data.textsEnabled && (
        <Text size="sm" c="var(--app-muted)">
          This business does not send texts at the moment: you are told by email.
        </Text>
      )}
      <Radio.Group
        label="Tell me about my bookings by"
        value={chosen}
        onChange={(value) => save.mutate(value as ContactChannel)}
      >
        <Stack gap={6} mt={6}>
          {contactChannels.map((channel) => (
            <Radio key={channel} value={channel} label={labels[channel]} />
          ))}
        </Stack>
      </Radio.Group>
      {save.isError && (
        <Text size="sm" role="alert" c="var(--app-danger-text)">
          Not saved: {save.error.message}
        </Text>
      )}
      <Text size="xs" c="var(--app-muted)">
        Texts go to your verified number, or else to the mobile number on your booking. Reply STOP to any text to stop
        them.
      </Text>
      {preference.data.textsEnabled && <VerifyPhone preference={preference.data} />}
    </Stack>
  );
}

/** A 6-digit code texted to the number typed, typed back here: the number becomes the client's verified number. */
function VerifyPhone({ preference }: { preference: ContactPreference }) {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const send = useRefreshingMutation([], (number: string) =>
    apiFetch<{ phone: string }>('/account/phone/code', { method: 'POST', body: { phone: number } }),
  );
  const verify = useRefreshingMutation([['account', 'contact-preference']], (typed: string) =>
    apiFetch<ContactPreference>('/account/phone/verify', { method: 'POST', body: { code: typed } }),
  );
  const failure = send.error ?? verify.error;
  return (
    <Stack gap="xs" mt="xs">
      {preference.phoneVerified && (
        <Group gap="xs">
          <Badge color="teal" variant="light">
            Phone verified
          </Badge>
          <Text size="sm">{preference.phone}</Text>
        </Group>
      )}
      <Group align="flex-end" gap="xs">
        <TextField
          label={preference.phoneVerified ? 'Verify another mobile number' : 'Verify your mobile number'}
          type="tel"
          value={phone}
          onChange={setPhone}
          placeholder="07700 900123"
        />
        <Button variant="light" loading={send.isPending} onClick={() => send.mutate(phone)}>
          Text me a code
        </Button>
      </Group>
      {send.isSuccess && (
        <Group align="flex-end" gap="xs">
          <TextField
            label={`The 6-digit code sent to ${send.data.phone}`}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={setCode}
          />
          <Button loading={verify.isPending} onClick={() => verify.mutate(code, { onSuccess: () => send.reset() })}>
            Verify
          </Button>
        </Group>
      )}
      {failure && (
        <Text size="sm" role="alert" c="var(--app-danger-text)">
          {failure.message}
        </Text>
      )}
    </Stack>
  );
}
