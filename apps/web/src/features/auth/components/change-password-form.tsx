import { type ChangePasswordInput, changePasswordInput, defaultPasswordPolicy, passwordFieldFor } from '@app/shared';
import { Alert, Button, Checkbox, PasswordInput, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { PasswordRules } from '../../../components/auth/password-rules.tsx';
import { authErrorMessage } from '../../../lib/auth/auth-errors.ts';
import { passwordPolicyQuery } from '../../../lib/auth/sign-in-api.ts';
import { fieldErrors } from '../../../lib/field-errors.ts';
import { useChangePassword } from '../api.ts';

const empty: ChangePasswordInput = { currentPassword: '', newPassword: '', revokeOtherSessions: true };

export function ChangePasswordForm() {
  const [values, setValues] = useState<ChangePasswordInput>(empty);
  const [errors, setErrors] = useState<Partial<Record<keyof ChangePasswordInput, string>>>({});
  const policy = useQuery(passwordPolicyQuery).data ?? defaultPasswordPolicy;
  const changePassword = useChangePassword();

  const change = (field: 'currentPassword' | 'newPassword') => (event: React.ChangeEvent<HTMLInputElement>) => {
    const { value } = event.currentTarget;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = changePasswordInput.extend({ newPassword: passwordFieldFor(policy) }).safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    changePassword.mutate(parsed.data, {
      onSuccess: () => {
        setValues(empty);
        notifications.show({
          color: 'teal',
          message: parsed.data.revokeOtherSessions
            ? 'Your password is changed, and your other devices are signed out.'
            : 'Your password is changed.',
        });
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Change password">
      <Stack gap="sm">
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          required
          value={values.currentPassword}
          onChange={change('currentPassword')}
          error={errors.currentPassword}
        />
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          required
          value={values.newPassword}
          onChange={change('newPassword')}
          error={errors.newPassword}
        />
        <PasswordRules policy={policy} password={values.newPassword} />
        <Checkbox
          label="Sign out of all other devices"
          checked={values.revokeOtherSessions}
          onChange={(event) => {
            const { checked } = event.currentTarget;
            setValues((current) => ({ ...current, revokeOtherSessions: checked }));
          }}
        />
        {changePassword.isError && (
          <Alert color="red" role="alert" title="Could not change your password">
            {authErrorMessage(changePassword.error)}
          </Alert>
        )}
        <Button type="submit" loading={changePassword.isPending} style={{ alignSelf: 'flex-start' }}>
          Change password
        </Button>
      </Stack>
    </form>
  );
}
