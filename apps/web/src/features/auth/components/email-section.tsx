import { emailField } from '@app/shared';
import { Alert, Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { authErrorMessage } from '../../../lib/auth/auth-errors.ts';
import { useSendVerificationEmail } from '../../../lib/auth/sign-in-api.ts';
import { useChangeEmail } from '../api.ts';

type EmailUser = { email: string; emailVerified: boolean };

/** The address with its status, a new verification link when needed, and a change that waits for a link. */
export function EmailSection({ user }: { user: EmailUser }) {
  const resendVerification = useSendVerificationEmail();
  return (
    <Stack gap="sm">
      <Group gap="sm">
        <Text>{user.email}</Text>
        {user.emailVerified ? (
          <Badge color="teal.9" variant="filled">
            Verified
          </Badge>
        ) : (
          // orange.9 under white text is 4.29:1, short of the 4.5:1 that small bold text needs.
          <Badge color="#a63c06" variant="filled">
            Not verified
          </Badge>
        )}
      </Group>
      {!user.emailVerified && (
        <Stack gap="xs">
          <Button
            variant="light"
            size="xs"
            style={{ alignSelf: 'flex-start' }}
            loading={resendVerification.isPending}
            onClick={() => resendVerification.mutate(user.email)}
          >
            Send the verification email again
          </Button>
          {resendVerification.isSuccess && (
            <Text size="sm" role="status">
              We sent a new verification link to {user.email}.
            </Text>
          )}
          {resendVerification.isError && (
            <Alert color="red" role="alert">
              {authErrorMessage(resendVerification.error)}
            </Alert>
          )}
        </Stack>
      )}
      <ChangeEmailForm user={user} />
    </Stack>
  );
}

function ChangeEmailForm({ user }: { user: EmailUser }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const changeEmail = useChangeEmail();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailField.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    if (parsed.data === user.email.toLowerCase()) {
      setError('This is already your email address.');
      return;
    }
    changeEmail.mutate(parsed.data);
  };

  if (changeEmail.isSuccess) {
    // A verified address is asked to approve the change first, then the new one to prove it is theirs; which
    // inbox holds the next link depends on the server, so a verified user is sent to look in both.
    return (
      <Alert color="teal" role="status" title="Check your inbox">
        {user.emailVerified
          ? `We emailed a link to confirm the change to ${changeEmail.variables}. Look in both inboxes, ${user.email} and ${changeEmail.variables}; your email address stays the same until the change is confirmed.`
          : `We sent a link to ${changeEmail.variables}. Open it to confirm that address; your email address stays the same until then.`}
      </Alert>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Change email">
      <Stack gap="sm">
        <TextInput
          label="New email address"
          type="email"
          autoComplete="email"
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setError(undefined);
          }}
          error={error}
        />
        {changeEmail.isError && (
          <Alert color="red" role="alert" title="Could not change your email">
            {authErrorMessage(changeEmail.error)}
          </Alert>
        )}
        <Button type="submit" variant="default" loading={changeEmail.isPending} style={{ alignSelf: 'flex-start' }}>
          Change email
        </Button>
      </Stack>
    </form>
  );
}
