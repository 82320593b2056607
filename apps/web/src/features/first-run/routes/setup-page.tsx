import {
  defaultPasswordPolicy,
  type FirstRunInput,
  firstRunInput,
  passwordFieldFor,
  SECOND_FACTOR_PATH,
} from '@app/shared';
import { Alert, Anchor, Button, Code, Container, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { NewAccountFields } from '../../../components/auth/new-account-fields.tsx';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { readableTitle } from '../../../components/readable-styles.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { passwordPolicyQuery } from '../../../lib/auth/sign-in-api.ts';
import { useFormFields } from '../../../lib/form-fields.ts';
import { Link } from '../../../lib/links.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { refetchSession } from '../../../lib/session.ts';
import { firstRunStatusQuery, useCreateFirstAdmin } from '../api.ts';

type Fields = Omit<FirstRunInput, 'token'>;

/** What the owner sees when the link cannot be used, and how to get a new one. */
function InvalidLink() {
  return (
    <Alert
      color="red"
      role="alert"
      title="This setup link is not valid"
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      <Stack gap="xs">
        <Text size="sm">
          The link is wrong, has expired (a link lasts one hour) or has already been used. Nothing was created.
        </Text>
        <Text size="sm">
          To get a new link, restart the server: while there is no admin, it prints a new one in its output once the
          last one has expired. Or create the admin on the server with the command line:
        </Text>
        <Code block>
          npm run cli -- user create --email you@example.com --password '…' --name 'Your name' --role admin
        </Code>
      </Stack>
    </Alert>
  );
}

function SetupDone() {
  return (
    <Stack gap="sm">
      <Text>Setup is finished: the business already has an admin account, so this link no longer works.</Text>
      <Text>
        <Anchor component={Link} to="/">
          Go to the home page to sign in
        </Anchor>
        .
      </Text>
    </Stack>
  );
}

function FirstAdminForm({ token, onExpired }: { token: string; onExpired: () => void }) {
  const navigate = useNavigate();
  const { values, field, parse } = useFormFields<Fields>({ name: '', email: '', password: '' });
  const policy = useQuery(passwordPolicyQuery).data ?? defaultPasswordPolicy;
  const create = useCreateFirstAdmin();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = parse(firstRunInput.extend({ password: passwordFieldFor(policy) }), { ...values, token });
    if (!input) return;
    create.mutate(input, {
      onSuccess: async () => {
        await refetchSession();
        // An admin enrols a second factor before the back office; its flow then lands on the dashboard.
        navigate(SECOND_FACTOR_PATH, { replace: true });
      },
      onError: (error) => {
        if (error instanceof ApiError && (error.code === 'SETUP_LINK_INVALID' || error.code === 'NOT_FOUND'))
          onExpired();
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Create the admin account">
      <Stack gap="sm">
        <Text size="sm">
          This is the owner’s account: it runs the back office. Next you will set up an authenticator app on your phone.
        </Text>
        <NewAccountFields field={field} policy={policy} nameLabel="Your name" />
        <FailureAlert error={create.error} title="Could not create the admin account" styles={readableTitle} />
        <Button type="submit" loading={create.isPending}>
          Create admin account
        </Button>
      </Stack>
    </form>
  );
}

/** /setup?token=…: the link the server prints on an install without an admin. Not in the spec's route table (ours). */
export function SetupPage() {
  usePageTitle('Set up your business');
  const [params] = useSearchParams();
  const token = params.get('token');
  const status = useQuery(firstRunStatusQuery(token));

  return (
    <Container size={480} py="xl">
      <Paper withBorder p="lg" radius="md">
        <Stack gap="md">
          <Title order={1} size="h2">
            Create the admin account
          </Title>
          {status.isPending ? (
            <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading">
              <Skeleton height={36} />
              <Skeleton height={36} />
              <Skeleton height={36} />
            </Stack>
          ) : status.isError ? (
            <Alert
              color="red"
              role="alert"
              title="Could not check the setup link"
              styles={{ title: { color: 'var(--mantine-color-text)' } }}
            >
              <Stack gap="xs" align="flex-start">
                <Text size="sm">The server did not answer. Check that it is running, then try again.</Text>
                <Button variant="light" onClick={() => void status.refetch()}>
                  Try again
                </Button>
              </Stack>
            </Alert>
          ) : status.data === 'done' ? (
            <SetupDone />
          ) : status.data === 'open' && token ? (
            <FirstAdminForm token={token} onExpired={() => void status.refetch()} />
          ) : (
            <InvalidLink />
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
