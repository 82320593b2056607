import { Button, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { secondFactorErrorMessage } from '../../../lib/auth/auth-errors.ts';
import { browserHasPasskeys } from '../../../lib/auth/sign-in-api.ts';
import { usePublicConfig } from '../../../lib/config/api.ts';
import { useTextField } from '../../../lib/form-fields.ts';
import { type Passkey, passkeysQuery, useAddPasskey, useDeletePasskey } from '../api.ts';
import { deviceName } from '../device-name.ts';
import { RetryAlert } from './retry-alert.tsx';

export const PASSKEY_NAME_MAX = 60;

/** A passkey's name, or what to call one the browser gave no name. */
export function passkeyLabel(item: Pick<Passkey, 'name'>): string {
  return item.name?.trim() || 'Passkey';
}

/** Adds a passkey under a name the person chooses (prefilled with this browser's name). */
export function AddPasskeyForm({
  onAdded,
  submitLabel = 'Add a passkey',
}: {
  onAdded?: () => void;
  submitLabel?: string;
}) {
  const name = useTextField(() => (typeof navigator === 'undefined' ? '' : deviceName(navigator.userAgent)));
  const add = useAddPasskey();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = name.value.trim();
    if (!value) return name.setError('Give the passkey a name, for example the device it is on.');
    if (value.length > PASSKEY_NAME_MAX) return name.setError(`At most ${PASSKEY_NAME_MAX} characters.`);
    add.mutate(value, { onSuccess: () => onAdded?.() });
  };

  if (!browserHasPasskeys())
    return <Text size="sm">This browser cannot make passkeys. Try another browser, or use an authenticator app.</Text>;

  return (
    <form onSubmit={submit} noValidate aria-label="Add a passkey">
      <Stack gap="sm">
        <TextInput
          label="Passkey name"
          description="So you can tell your passkeys apart, for example “Work laptop”."
          maxLength={PASSKEY_NAME_MAX}
          required
          {...name.props}
        />
        <FailureAlert error={add.error} message={secondFactorErrorMessage} />
        <Group>
          <Button type="submit" loading={add.isPending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The account page's passkeys: each with the day it was added, removed after a confirmation; and adding one. */
export function PasskeysSection() {
  const passkeys = useQuery(passkeysQuery);
  const remove = useDeletePasskey();
  const [confirming, setConfirming] = useState<string | null>(null);
  const { data: config } = usePublicConfig();
  const added = new Intl.DateTimeFormat(config?.locale ?? 'en-GB', { dateStyle: 'medium' });

  if (passkeys.isPending) return <Skeleton h={48} aria-label="Loading your passkeys" />;
  if (passkeys.isError)
    return <RetryAlert title="Could not load your passkeys" query={passkeys} message={secondFactorErrorMessage} />;

  return (
    <Stack gap="md">
      <Text size="sm">
        A passkey signs you in with this device’s fingerprint, face or PIN instead of your password, and counts as your
        second factor.
      </Text>
      {passkeys.data.length === 0 ? (
        <Text size="sm">You have no passkeys yet.</Text>
      ) : (
        <Stack gap={0} component="ul" aria-label="Passkeys" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {passkeys.data.map((item) => (
            <Stack
              key={item.id}
              component="li"
              gap="xs"
              py="xs"
              style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
            >
              <Group justify="space-between" wrap="nowrap">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {passkeyLabel(item)}
                  </Text>
                  <Text size="sm" c="var(--app-muted)">
                    {item.createdAt ? `Added ${added.format(item.createdAt)}` : 'Date added unknown'}
                  </Text>
                </Stack>
                {confirming !== item.id && (
                  <Button
                    variant="default"
                    size="xs"
                    onClick={() => {
                      remove.reset();
                      setConfirming(item.id);
                    }}
                    aria-label={`Remove ${passkeyLabel(item)}`}
                  >
                    Remove
                  </Button>
                )}
              </Group>
              {confirming === item.id && (
                <Stack gap="xs" role="group" aria-label={`Remove ${passkeyLabel(item)}?`}>
                  <Text size="sm">Remove “{passkeyLabel(item)}”? It will no longer sign you in.</Text>
                  <FailureAlert error={remove.error} message={secondFactorErrorMessage} />
                  <Group>
                    <Button
                      color="red"
                      size="xs"
                      loading={remove.isPending}
                      onClick={() => remove.mutate(item.id, { onSuccess: () => setConfirming(null) })}
                    >
                      Remove passkey
                    </Button>
                    <Button variant="default" size="xs" onClick={() => setConfirming(null)}>
                      Keep it
                    </Button>
                  </Group>
                </Stack>
              )}
            </Stack>
          ))}
        </Stack>
      )}
      <AddPasskeyForm />
    </Stack>
  );
}
