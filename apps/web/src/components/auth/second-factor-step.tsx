import { Alert, Anchor, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { secondFactorErrorMessage } from '../../lib/auth/auth-errors.ts';
import { useVerifySecondFactor } from '../../lib/auth/sign-in-api.ts';
import { refetchSession } from '../../lib/session.ts';

export const TRUSTED_DEVICE_DAYS = 30;

/** The second step of a sign-in for an account with a second factor: a code, or a recovery code. */
export function SecondFactorStep({ onSignedIn, onCancel }: { onSignedIn?: () => void; onCancel: () => void }) {
  const [kind, setKind] = useState<'totp' | 'recovery'>('totp');
  const [code, setCode] = useState('');
  const [trustDevice, setTrustDevice] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const verify = useVerifySecondFactor();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (kind === 'totp' && !/^\d{6}$/.test(value.replace(/\s/g, ''))) {
      setFieldError('Enter the 6-digit code your authenticator app shows.');
      return;
    }
    if (kind === 'recovery' && value.length < 4) {
      setFieldError('Enter one of your recovery codes.');
      return;
    }
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
    setCode('');
    setFieldError(undefined);
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
          value={code}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            setFieldError(undefined);
          }}
          error={fieldError}
        />
        <Checkbox
          label={`Trust this device for ${TRUSTED_DEVICE_DAYS} days`}
          description="Only on a device that is yours alone: it will not ask for a code again."
          checked={trustDevice}
          onChange={(event) => setTrustDevice(event.currentTarget.checked)}
        />
        {verify.isError && (
          <Alert color="red" role="alert" title="Could not sign in">
            {secondFactorErrorMessage(verify.error)}
          </Alert>
        )}
        <Group justify="space-between" align="center">
          <Anchor component="button" type="button" size="sm" onClick={switchKind}>
            {kind === 'totp' ? 'Use a recovery code instead' : 'Use your authenticator app instead'}
          </Anchor>
          <Button type="submit" loading={verify.isPending}>
            Verify
          </Button>
        </Group>
        <Anchor component="button" type="button" size="sm" onClick={onCancel} style={{ alignSelf: 'flex-start' }}>
          Start again with your password
        </Anchor>
      </Stack>
    </form>
  );
}
