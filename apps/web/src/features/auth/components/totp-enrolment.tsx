import { Alert, Anchor, Box, Button, Code, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useMemo, useState } from 'react';
import { renderSVG } from 'uqr';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { readableTitle } from '../../../components/readable-styles.ts';
import { secondFactorErrorMessage } from '../../../lib/auth/auth-errors.ts';
import { useTextField } from '../../../lib/form-fields.ts';
import { refetchSession } from '../../../lib/session.ts';
import { type TotpEnrolment, useConfirmTotpEnrolment, useStartTotpEnrolment } from '../api.ts';
import { RecoveryCodes } from './recovery-codes.tsx';

/** The secret an authenticator app needs when the QR code cannot be scanned, in groups of four. */
function secretOf(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

function QrCode({ value }: { value: string }) {
  const src = useMemo(() => `data:image/svg+xml;utf8,${encodeURIComponent(renderSVG(value, { border: 2 }))}`, [value]);
  return (
    <Box
      component="img"
      src={src}
      alt="QR code to scan with your authenticator app"
      w={200}
      h={200}
      style={{ imageRendering: 'pixelated', background: 'var(--mantine-color-white)' }}
    />
  );
}

type Step = { name: 'password' } | { name: 'scan'; enrolment: TotpEnrolment } | { name: 'codes'; codes: string[] };

/**
 * Sets up an authenticator app: the password again, then a QR code (and the secret to type in), then a first code to
 * prove it works; the recovery codes are shown once at the end.
 */
export function TotpEnrolmentFlow({
  businessName,
  onDone,
  onStarted,
}: {
  businessName: string;
  onDone: () => void;
  /** Called once the password is accepted and the app's setup begins (the page then hides the other choices). */
  onStarted?: () => void;
}) {
  const [step, setStep] = useState<Step>({ name: 'password' });
  const password = useTextField();
  const code = useTextField();
  const start = useStartTotpEnrolment();
  const confirm = useConfirmTotpEnrolment();

  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    if (!password.value) return password.setError('Enter your password.');
    start.mutate(password.value, {
      onSuccess: (enrolment) => {
        setStep({ name: 'scan', enrolment });
        onStarted?.();
      },
    });
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (step.name !== 'scan') return;
    if (!/^\d{6}$/.test(code.value.replace(/\s/g, '')))
      return code.setError('Enter the 6-digit code your authenticator app shows.');
    const { backupCodes } = step.enrolment;
    confirm.mutate(code.value, {
      onSuccess: async () => {
        await refetchSession();
        setStep({ name: 'codes', codes: backupCodes });
      },
    });
  };

  if (step.name === 'password')
    return (
      <form onSubmit={submitPassword} noValidate aria-label="Confirm your password">
        <Stack gap="sm">
          <Text size="sm">
            You will need an authenticator app on your phone (for example Google Authenticator, Microsoft Authenticator,
            1Password or Aegis). First, confirm it is you.
          </Text>
          <PasswordInput label="Your password" autoComplete="current-password" required {...password.props} />
          <FailureAlert error={start.error} message={secondFactorErrorMessage} />
          <Group>
            <Button type="submit" loading={start.isPending}>
              Continue
            </Button>
          </Group>
        </Stack>
      </form>
    );

  if (step.name === 'scan')
    return (
      <form onSubmit={submitCode} noValidate aria-label="Add your authenticator app">
        <Stack gap="sm">
          <Text size="sm">Scan this QR code with your authenticator app:</Text>
          <QrCode value={step.enrolment.totpURI} />
          <Text size="sm">
            On this phone? <Anchor href={step.enrolment.totpURI}>Open it in your authenticator app</Anchor>, or type
            this key in:
          </Text>
          <Code fz="sm" style={{ wordBreak: 'break-all' }} aria-label="Setup key">
            {secretOf(step.enrolment.totpURI)}
          </Code>
          <TextInput
            label="The 6-digit code your app now shows"
            autoComplete="one-time-code"
            inputMode="numeric"
            required
            {...code.props}
          />
          <FailureAlert error={confirm.error} message={secondFactorErrorMessage} />
          <Group>
            <Button type="submit" loading={confirm.isPending}>
              Turn on
            </Button>
          </Group>
        </Stack>
      </form>
    );

  return (
    <Stack gap="md">
      <Alert color="teal" role="status" title="Your authenticator app is set up" styles={readableTitle}>
        From now on, signing in asks for a code from it.
      </Alert>
      <RecoveryCodes codes={step.codes} businessName={businessName} />
      <Group>
        <Button onClick={onDone}>I have saved my codes</Button>
      </Group>
    </Stack>
  );
}
