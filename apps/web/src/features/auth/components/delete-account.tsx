import { Alert, Button, List, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { AppModal } from '../../../components/app-modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useTextField } from '../../../lib/form-fields.ts';
import { type DeleteAccountInput, useDeleteAccount } from '../api.ts';

const CONFIRM_WORD = 'DELETE';
const PASSWORD_ID = 'delete-account-password';

/** The server names the field in a refusal: 'password: The password is not correct.' */
function fieldRefusal(error: unknown): { field: string; message: string } | null {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION') return null;
  const match = /^(\w+): (.+)$/.exec(error.message);
  return match?.[1] && match[2] ? { field: match[1], message: match[2] } : null;
}

function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.code === 'NETWORK')
    return 'We could not reach the server. Check your internet connection and try again.';
  if (error instanceof ApiError && error.status === 401)
    return 'You are signed out. Sign in again to delete your account.';
  if (error instanceof ApiError && error.status === 429)
    return 'Too many attempts. Please wait a minute, then try again.';
  return 'Something went wrong, and your account is not deleted. Please try again.';
}

/**
 * 'Delete my account' and its confirmation. An account with a password confirms with it; one that signs in only
 * through a provider types DELETE instead, as the server expects.
 */
export function DeleteAccount({ hasPassword, onDeleted }: { hasPassword: boolean; onDeleted: () => void }) {
  const [opened, setOpened] = useState(false);
  const confirmation = useTextField();
  const { value, error, setError } = confirmation;
  const deleteAccount = useDeleteAccount();

  const close = () => {
    if (deleteAccount.isPending) return;
    setOpened(false);
    confirmation.setValue('');
    setError(undefined);
    deleteAccount.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    let input: DeleteAccountInput;
    if (hasPassword) {
      if (!value) return setError('Enter your password.');
      input = { password: value };
    } else {
      if (value.trim() !== CONFIRM_WORD) return setError(`Type ${CONFIRM_WORD} in capital letters to confirm.`);
      input = { confirm: CONFIRM_WORD };
    }
    deleteAccount.mutate(input, {
      onSuccess: onDeleted,
      onError: (failure) => {
        const refusal = fieldRefusal(failure);
        if (refusal) setError(refusal.message);
      },
    });
  };

  const otherFailure = deleteAccount.isError && !fieldRefusal(deleteAccount.error);

  return (
    <>
      <Text size="sm">This erases your personal details and signs you out everywhere. It cannot be undone.</Text>
      <Button color="red.9" mt="sm" onClick={() => setOpened(true)}>
        Delete my account
      </Button>
      <AppModal opened={opened} onClose={close} title="Delete this account for good?" centered>
        <form onSubmit={submit} noValidate aria-label="Confirm the deletion">
          <Stack gap="sm">
            <Text>When you delete your account:</Text>
            <List size="sm" spacing={4}>
              <List.Item>
                your name, email address, phone number, booking notes, the emails we sent you and your sign-in methods
                are erased;
              </List.Item>
              <List.Item>
                your bookings are kept anonymised, without your name or contact details, because the business must keep
                its accounts;
              </List.Item>
              <List.Item>an upcoming booking stays in the diary: cancel it first if you will not come;</List.Item>
              <List.Item>every device where you are signed in is signed out.</List.Item>
            </List>
            <Text size="sm" fw={700}>
              This cannot be undone.
            </Text>
            {hasPassword ? (
              <PasswordInput
                id={PASSWORD_ID}
                // Mantine leaves these off a PasswordInput: the field must still read as wrong, with the reason.
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${PASSWORD_ID}-error` : undefined}
                label="Your password"
                autoComplete="current-password"
                required
                data-autofocus
                {...confirmation.props}
              />
            ) : (
              <TextInput
                label={`Type ${CONFIRM_WORD} to confirm`}
                autoComplete="off"
                required
                data-autofocus
                {...confirmation.props}
              />
            )}
            {otherFailure && (
              <Alert color="red" role="alert" title="Your account is not deleted">
                {failureMessage(deleteAccount.error)}
              </Alert>
            )}
            <Button type="submit" color="red.9" loading={deleteAccount.isPending}>
              Delete my account for good
            </Button>
            <Button variant="default" onClick={close} disabled={deleteAccount.isPending}>
              Keep my account
            </Button>
          </Stack>
        </form>
      </AppModal>
    </>
  );
}
