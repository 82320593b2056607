import { Anchor, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { secondFactorErrorMessage } from '../../lib/auth/auth-errors.ts';
import { useVerifySecondFactor } from '../../lib/auth/sign-in-api.ts';
import { useTextField } from '../../lib/form-fields.ts';
import { refetchSession } from '../../lib/session.ts';
import { FailureAlert } from '../failure-alert.tsx';

export const TRUSTED_DEVICE_DAYS = 30;

/** The second step of a sign-in for an account with a second factor: a code, or a recovery code. */
export function SecondFactorStep({ onSignedIn, onCancel }: { onSignedIn?: () => void; onCancel: () => void }) {
  const [kind, setKind] = useState<'totp' | 'recovery'>('totp');
  const code = useTextField();
  const [trustDevice, setTrustDevice] = useState(false);
  const verify = useVerifySecondFactor();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = code.value.trim();
    if (kind === 'totp' && !/^\d{6}$/.test(value.replace(/\s/g, '')))
      return code.setError('Enter the 6-digit code your authenticator app shows.');
    if (kind === 'recovery' && value.length < 4) return code.setError('Enter one of your recovery codes.');
    verify.mutate(
      { code: value, trustDevice, kind },
      {
        onSuccess: async () => {
          await refetchSession();
          onSignedIn?.();
        },
      },
    );
  };

  const switchKind = () => {
    setKind(kind === 'totp' ? 'recovery' : 'totp');
    code.setValue('');
    code.setError(undefined);
    verify.reset();
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Second factor">
      <Stack gap="sm">
        <Text size="sm">
          {kind === 'totp'
            ? 'Your account is protected by a second factor. Open your authenticator app and enter the code it shows.'
            : 'Enter one of the recovery codes you saved when you set up your authenticator app. Each works once.'}
        </Text>
        <TextInput
          label={kind === 'totp' ? 'Code from your authenticator app' : 'Recovery code'}
          autoComplete="one-time-code"
          inputMode={kind === 'totp' ? 'numeric' : 'text'}
          required
          data-autofocus
          {...code.props}
        />
        <Checkbox
          label={`Trust this device for ${TRUSTED_DEVICE_DAYS} days`}
          description="Only on a device that is yours alone: it will not ask for a code again."
          checked={trustDevice}
          onChange={(event) => setTrustDevice(event.currentTarget.checked)}
        />
        <FailureAlert error={verify.error} title="Could not sign in" message={secondFactorErrorMessage} />
        <Group justify="space-between" align="center">
          <Anchor component="button" type="button" size="sm" mih={44} onClick={switchKind}>
            {kind === 'totp' ? 'Use a recovery code instead' : 'Use your authenticator app instead'}
          </Anchor>
          <Button type="submit" loading={verify.isPending}>
            Verify
          </Button>
        </Group>
        <Anchor
          component="button"
          type="button"
          size="sm"
          mih={44}
          onClick={onCancel}
          style={{ alignSelf: 'flex-start' }}
        >
          Start again with your password
        </Anchor>
      </Stack>
    </form>
  );
}
