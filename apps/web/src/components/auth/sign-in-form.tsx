import { requestPasswordResetInput, type SignInInput, signInInput } from '@app/shared';
import { Alert, Anchor, Button, Group, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { AuthFailure, authErrorMessage, secondFactorErrorMessage } from '../../lib/auth/auth-errors.ts';
import {
  browserHasPasskeys,
  needsSecondFactor,
  useRequestPasswordReset,
  useSendVerificationEmail,
  useSignIn,
  useSignInWithPasskey,
} from '../../lib/auth/sign-in-api.ts';
import { useFormFields } from '../../lib/form-fields.ts';
import { FailureAlert } from '../failure-alert.tsx';
import { EmailField, PasswordField } from './auth-fields.tsx';
import { SecondFactorStep } from './second-factor-step.tsx';

export type SignInFormProps = {
  /** Called once the session exists; the page decides where to go (the booking page stays where it is). */
  onSignedIn?: () => void;
  defaultEmail?: string;
};

export function SignInForm({ onSignedIn, defaultEmail = '' }: SignInFormProps) {
  const { values, setValues, setErrors, field, parse } = useFormFields<SignInInput>({
    email: defaultEmail,
    password: '',
  });
  const signIn = useSignIn();
  const requestReset = useRequestPasswordReset();
  const resendVerification = useSendVerificationEmail();
  const [askingForCode, setAskingForCode] = useState(false);
  const passkey = useSignInWithPasskey();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    requestReset.reset();
    resendVerification.reset();
    const input = parse(signInInput);
    if (!input) return;
    signIn.mutate(input, {
      onSuccess: (data) => (needsSecondFactor(data) ? setAskingForCode(true) : onSignedIn?.()),
    });
  };

  const forgotPassword = () => {
    signIn.reset();
    const parsed = requestPasswordResetInput.safeParse({ email: values.email });
    if (!parsed.success) {
      setErrors({ email: 'Enter your email address first, then press "Forgot password?" again.' });
      return;
    }
    requestReset.mutate(parsed.data);
  };

  const unverified = signIn.error instanceof AuthFailure && signIn.error.code === 'EMAIL_NOT_VERIFIED';

  if (askingForCode)
    return (
      <SecondFactorStep
        onSignedIn={onSignedIn}
        onCancel={() => {
          setAskingForCode(false);
          signIn.reset();
          setValues((current) => ({ ...current, password: '' }));
        }}
      />
    );

  return (
    <Stack gap="sm">
      <form onSubmit={submit} noValidate aria-label="Sign in">
        <Stack gap="sm">
          <EmailField {...field('email')} />
          <PasswordField {...field('password')} />
          {signIn.isError && (
            <Alert color="red" role="alert" title="Could not sign in">
              {authErrorMessage(signIn.error)}
              {unverified && (
                <Group mt="xs">
                  <Button
                    size="xs"
                    variant="light"
                    loading={resendVerification.isPending}
                    onClick={() => resendVerification.mutate(values.email.trim())}
                  >
                    Send the verification email again
                  </Button>
                </Group>
              )}
            </Alert>
          )}
          {resendVerification.isSuccess && (
            <Alert color="teal" role="status">
              We sent a new verification link to {values.email.trim()}. Check your email.
            </Alert>
          )}
          <FailureAlert error={resendVerification.error} message={authErrorMessage} />
          {requestReset.isSuccess && (
            <Alert color="teal" role="status" title="Check your email">
              If an account exists for {values.email.trim()}, we have sent it a link to choose a new password.
            </Alert>
          )}
          <FailureAlert error={requestReset.error} message={authErrorMessage} />
          <Group justify="space-between" align="center">
            <Anchor
              component="button"
              type="button"
              size="sm"
              mih={44}
              onClick={forgotPassword}
              disabled={requestReset.isPending}
            >
              Forgot password?
            </Anchor>
            <Button type="submit" loading={signIn.isPending}>
              Sign in
            </Button>
          </Group>
        </Stack>
      </form>
      {/* Outside the password form: it needs neither field. */}
      {browserHasPasskeys() && (
        <Button
          variant="default"
          type="button"
          loading={passkey.isPending}
          onClick={() => {
            signIn.reset();
            // A passkey is two factors in one: no password, and no code step after it.
            passkey.mutate(undefined, { onSuccess: () => onSignedIn?.() });
          }}
        >
          Sign in with a passkey
        </Button>
      )}
      <FailureAlert error={passkey.error} title="Could not sign in" message={secondFactorErrorMessage} />
    </Stack>
  );
}
