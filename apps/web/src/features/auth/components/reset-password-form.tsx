import { defaultPasswordPolicy, passwordFieldFor } from '@app/shared';
import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { PasswordRules } from '../../../components/auth/password-rules.tsx';
import { authErrorMessage } from '../../../lib/auth/auth-errors.ts';
import { passwordPolicyQuery } from '../../../lib/auth/sign-in-api.ts';
import { useResetPassword } from '../api.ts';

export function ResetPasswordForm({ token, onReset }: { token: string; onReset: () => void }) {
  const [newPassword, setNewPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const policy = useQuery(passwordPolicyQuery).data ?? defaultPasswordPolicy;
  const resetPassword = useResetPassword();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = passwordFieldFor(policy).safeParse(newPassword);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    resetPassword.mutate({ newPassword: parsed.data, token }, { onSuccess: onReset });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Choose a new password">
      <Stack gap="sm">
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          required
          data-autofocus
          value={newPassword}
          onChange={(event) => {
            setNewPassword(event.currentTarget.value);
            setError(undefined);
          }}
          error={error}
        />
        <PasswordRules policy={policy} password={newPassword} />
        {resetPassword.isError && (
          <Alert color="red" role="alert">
            {authErrorMessage(resetPassword.error)}
          </Alert>
        )}
        <Button type="submit" loading={resetPassword.isPending}>
          Save new password
        </Button>
      </Stack>
    </form>
  );
}
