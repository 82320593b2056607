import { defaultPasswordPolicy, passwordFieldFor } from '@app/shared';
import { Button, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { PasswordField } from '../../../components/auth/auth-fields.tsx';
import { PasswordRules } from '../../../components/auth/password-rules.tsx';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { authErrorMessage } from '../../../lib/auth/auth-errors.ts';
import { passwordPolicyQuery } from '../../../lib/auth/sign-in-api.ts';
import { useTextField } from '../../../lib/form-fields.ts';
import { useResetPassword } from '../api.ts';

export function ResetPasswordForm({ token, onReset }: { token: string; onReset: () => void }) {
  const newPassword = useTextField();
  const policy = useQuery(passwordPolicyQuery).data ?? defaultPasswordPolicy;
  const resetPassword = useResetPassword();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = passwordFieldFor(policy).safeParse(newPassword.value);
    if (!parsed.success) return newPassword.setError(parsed.error.issues[0]?.message);
    resetPassword.mutate({ newPassword: parsed.data, token }, { onSuccess: onReset });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Choose a new password">
      <Stack gap="sm">
        <PasswordField label="New password" isNew data-autofocus {...newPassword.props} />
        <PasswordRules policy={policy} password={newPassword.value} />
        <FailureAlert error={resetPassword.error} message={authErrorMessage} />
        <Button type="submit" loading={resetPassword.isPending}>
          Save new password
        </Button>
      </Stack>
    </form>
  );
}
