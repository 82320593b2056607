import { type ChangePasswordInput, changePasswordInput, defaultPasswordPolicy, passwordFieldFor } from '@app/shared';
import { Button, Checkbox, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { PasswordField } from '../../../components/auth/auth-fields.tsx';
import { PasswordRules } from '../../../components/auth/password-rules.tsx';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { authErrorMessage } from '../../../lib/auth/auth-errors.ts';
import { passwordPolicyQuery } from '../../../lib/auth/sign-in-api.ts';
import { useFormFields } from '../../../lib/form-fields.ts';
import { notifications } from '../../../lib/notifications.ts';
import { useChangePassword } from '../api.ts';

const empty: ChangePasswordInput = { currentPassword: '', newPassword: '', revokeOtherSessions: true };

export function ChangePasswordForm() {
  const { values, setValues, field, parse } = useFormFields<ChangePasswordInput>(empty);
  const policy = useQuery(passwordPolicyQuery).data ?? defaultPasswordPolicy;
  const changePassword = useChangePassword();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = parse(changePasswordInput.extend({ newPassword: passwordFieldFor(policy) }));
    if (!input) return;
    changePassword.mutate(input, {
      onSuccess: () => {
        setValues(empty);
        notifications.show({
          color: 'teal',
          message: input.revokeOtherSessions
            ? 'Your password is changed, and your other devices are signed out.'
            : 'Your password is changed.',
        });
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Change password">
      <Stack gap="sm">
        <PasswordField label="Current password" {...field('currentPassword')} />
        <PasswordField label="New password" isNew {...field('newPassword')} />
        <PasswordRules policy={policy} password={values.newPassword} />
        <Checkbox
          label="Sign out of all other devices"
          checked={values.revokeOtherSessions}
          onChange={(event) => {
            const { checked } = event.currentTarget;
            setValues((current) => ({ ...current, revokeOtherSessions: checked }));
          }}
        />
        <FailureAlert error={changePassword.error} title="Could not change your password" message={authErrorMessage} />
        <Button type="submit" loading={changePassword.isPending} style={{ alignSelf: 'flex-start' }}>
          Change password
        </Button>
      </Stack>
    </form>
  );
}
