import { defaultPasswordPolicy, passwordFieldFor, type SignUpInput, signUpInput } from '@app/shared';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { authErrorMessage } from '../../lib/auth/auth-errors.ts';
import { passwordPolicyQuery, useSignUp } from '../../lib/auth/sign-in-api.ts';
import { useFormFields } from '../../lib/form-fields.ts';
import { notifications } from '../../lib/notifications.ts';
import { FailureAlert } from '../failure-alert.tsx';
import { NewAccountFields } from './new-account-fields.tsx';

export type SignUpFormProps = {
  /** Called when sign-up also opened a session (only when the server does not require a verified email). */
  onSignedIn?: () => void;
  /** Called with the address the verification email went to. */
  onSignedUp?: (email: string) => void;
  /** Where the emailed verification link lands, with `verified=true` in its query; home by default. */
  verificationCallbackURL?: string;
};

export function SignUpForm({ onSignedIn, onSignedUp, verificationCallbackURL }: SignUpFormProps) {
  const { field, parse } = useFormFields<SignUpInput>({ name: '', email: '', password: '' });
  // Until the server's policy arrives, the default one keeps the rules visible; the server has the last word.
  const policy = useQuery(passwordPolicyQuery).data ?? defaultPasswordPolicy;
  const signUp = useSignUp(verificationCallbackURL);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = parse(signUpInput.extend({ password: passwordFieldFor(policy) }));
    if (!input) return;
    signUp.mutate(input, {
      onSuccess: (data) => {
        onSignedUp?.(input.email);
        if (!data?.token) return;
        // Signed in at once (the server does not hold sign-in until verification): the page moves on, so say it here.
        notifications.show({
          color: 'teal',
          title: 'Welcome!',
          message: `Your account is ready. We sent a verification email to ${input.email}.`,
        });
        onSignedIn?.();
      },
    });
  };

  if (signUp.isSuccess) {
    return (
      <Alert color="teal" role="status" title="Check your email">
        <Text size="sm">
          We sent a verification email to <strong>{signUp.variables.email}</strong>. Open the link in it to confirm your
          address, then sign in.
        </Text>
      </Alert>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Create account">
      <Stack gap="sm">
        <NewAccountFields field={field} policy={policy} />
        <FailureAlert error={signUp.error} title="Could not create your account" message={authErrorMessage} />
        <Button type="submit" loading={signUp.isPending}>
          Create account
        </Button>
      </Stack>
    </form>
  );
}
