import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { authErrorMessage } from '../../../lib/auth/auth-errors.ts';
import { publicConfigQuery } from '../../../lib/config/checked-config.ts';
import { notifications } from '../../../lib/notifications.ts';
import { type LinkedAccount, linkedAccountsQuery, useLinkSocial, useUnlinkAccount } from '../api.ts';

/** Names for a linked provider the server no longer offers (its keys were removed), so it still reads well. */
const knownNames: Record<string, string> = {
  credential: 'Email and password',
  google: 'Google',
  facebook: 'Facebook',
  oidc: 'OpenID Connect',
};

/**
 * Every way the user signs in, with 'Connect' for each configured provider not linked yet and 'Disconnect' for a
 * provider while another way in remains (the server refuses to remove the last one too).
 */
export function ConnectedAccounts() {
  const accounts = useQuery(linkedAccountsQuery);
  const providers = useQuery(publicConfigQuery).data?.socialProviders ?? [];
  const linkSocial = useLinkSocial();
  const unlink = useUnlinkAccount();

  if (accounts.isPending) return <Loader size="sm" aria-label="Loading your sign-in methods" />;
  if (accounts.isError) {
    return (
      <Alert color="red" role="alert" title="Could not load your sign-in methods">
        {authErrorMessage(accounts.error)}
      </Alert>
    );
  }

  const nameOf = (providerId: string) =>
    providers.find((provider) => provider.id === providerId)?.name ?? knownNames[providerId] ?? providerId;
  const linked = accounts.data;
  const canDisconnect = linked.length > 1;
  const notLinked = providers.filter((provider) => !linked.some((account) => account.providerId === provider.id));

  const disconnect = (account: LinkedAccount) =>
    unlink.mutate(account, {
      onSuccess: () => notifications.show({ color: 'teal', message: `${nameOf(account.providerId)} is disconnected.` }),
    });

  return (
    <Stack gap="sm">
      <ul aria-label="Ways you sign in" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {linked.map((account) => (
          <li key={account.id}>
            <Group justify="space-between" py={4}>
              <Text>{nameOf(account.providerId)}</Text>
              {account.providerId !== 'credential' && canDisconnect && (
                <Button
                  variant="subtle"
                  color="red.9"
                  size="xs"
                  aria-label={`Disconnect ${nameOf(account.providerId)}`}
                  loading={unlink.isPending && unlink.variables?.id === account.id}
                  disabled={unlink.isPending && unlink.variables?.id !== account.id}
                  onClick={() => disconnect(account)}
                >
                  Disconnect
                </Button>
              )}
            </Group>
          </li>
        ))}
      </ul>
      {!canDisconnect && linked.length === 1 && linked[0]?.providerId !== 'credential' && (
        <Text size="sm" c="var(--app-muted)">
          This is your only way to sign in, so it cannot be disconnected.
        </Text>
      )}
      {notLinked.length > 0 && (
        <Group gap="xs">
          {notLinked.map((provider) => (
            <Button
              key={provider.id}
              variant="default"
              loading={linkSocial.isPending && linkSocial.variables === provider.id}
              disabled={linkSocial.isPending && linkSocial.variables !== provider.id}
              onClick={() => linkSocial.mutate(provider.id)}
            >
              Connect {provider.name}
            </Button>
          ))}
        </Group>
      )}
      <FailureAlert error={linkSocial.error} title="Could not connect" message={authErrorMessage} />
      <FailureAlert error={unlink.error} title="Could not disconnect" message={authErrorMessage} />
    </Stack>
  );
}
