import { emailField } from '@app/shared';
import { Alert, Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { authErrorMessage } from '../../../lib/auth/auth-errors.ts';
import { useSendVerificationEmail } from '../../../lib/auth/sign-in-api.ts';
import { useTextField } from '../../../lib/form-fields.ts';
import { useChangeEmail } from '../api.ts';

type EmailUser = { email: string; emailVerified: boolean };

/** The address with its status, a new verification link when needed, and a change that waits for a link. */
export function EmailSection({ user }: { user: EmailUser }) {
  const resendVerification = useSendVerificationEmail();
  return (
    <Stack gap="sm">
      <Group gap="sm">
        {/* A long address breaks anywhere rather than widen the row (a flex item shrinks no further than a word). */}
        <Text style={{ overflowWrap: 'anywhere' }}>{user.email}</Text>
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
          <FailureAlert error={resendVerification.error} message={authErrorMessage} />
        </Stack>
      )}
      <ChangeEmailForm user={user} />
    </Stack>
  );
}

function ChangeEmailForm({ user }: { user: EmailUser }) {
  const address = useTextField();
  const changeEmail = useChangeEmail();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = emailField.safeParse(address.value);
    if (!parsed.success) return address.setError(parsed.error.issues[0]?.message);
    if (parsed.data === user.email.toLowerCase()) return address.setError('This is already your email address.');
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
        <TextInput label="New email address" type="email" autoComplete="email" {...address.props} />
        <FailureAlert error={changeEmail.error} title="Could not change your email" message={authErrorMessage} />
        <Button type="submit" variant="default" loading={changeEmail.isPending} style={{ alignSelf: 'flex-start' }}>
          Change email
        </Button>
      </Stack>
    </form>
  );
}
