import { requestPasswordResetInput, type SignInInput, signInInput } from '@app/shared';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
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
import { fieldErrors } from '../../lib/field-errors.ts';
import { SecondFactorStep } from './second-factor-step.tsx';

export type SignInFormProps = {
  /** Called once the session exists; the page decides where to go (the booking page stays where it is). */
  onSignedIn?: () => void;
  defaultEmail?: string;
};

export function SignInForm({ onSignedIn, defaultEmail = '' }: SignInFormProps) {
  const [values, setValues] = useState<SignInInput>({ email: defaultEmail, password: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof SignInInput, string>>>({});
  const signIn = useSignIn();
  const requestReset = useRequestPasswordReset();
  const resendVerification = useSendVerificationEmail();
  const [askingForCode, setAskingForCode] = useState(false);
  const passkey = useSignInWithPasskey();

  const change = (field: keyof SignInInput) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const { value } = event.currentTarget;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    requestReset.reset();
    resendVerification.reset();
    const parsed = signInInput.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    signIn.mutate(parsed.data, {
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
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            value={values.email}
            onChange={change('email')}
            error={errors.email}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            value={values.password}
            onChange={change('password')}
            error={errors.password}
          />
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
          {resendVerification.isError && (
            <Alert color="red" role="alert">
              {authErrorMessage(resendVerification.error)}
            </Alert>
          )}
          {requestReset.isSuccess && (
            <Alert color="teal" role="status" title="Check your email">
              If an account exists for {values.email.trim()}, we have sent it a link to choose a new password.
            </Alert>
          )}
          {requestReset.isError && (
            <Alert color="red" role="alert">
              {authErrorMessage(requestReset.error)}
            </Alert>
          )}
          <Group justify="space-between" align="center">
            <Anchor
              component="button"
              type="button"
              size="sm"
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
      {passkey.isError && (
        <Alert color="red" role="alert" title="Could not sign in">
          {secondFactorErrorMessage(passkey.error)}
        </Alert>
      )}
    </Stack>
  );
}
