import { Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { authErrorMessage } from '../../../lib/auth/auth-errors.ts';
import { useCurrentUser } from '../../../lib/auth-client.ts';
import { usePublicConfig } from '../../../lib/config/api.ts';
import { deviceSessionsQuery, useSignOutDevice, useSignOutOtherDevices } from '../api.ts';
import { deviceName } from '../device-name.ts';
import { RetryAlert } from './retry-alert.tsx';

/** Where the account is signed in: browser and system, the place it came from, when last used; sign any out. */
export function SignedInDevices() {
  const { user, sessionId: currentId } = useCurrentUser();
  const sessions = useQuery(deviceSessionsQuery);
  const signOutDevice = useSignOutDevice();
  const signOutOthers = useSignOutOtherDevices();
  const { data: config } = usePublicConfig();
  const lastUsed = new Intl.DateTimeFormat(config?.locale ?? 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });

  if (sessions.isPending)
    return (
      <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading your devices">
        <Skeleton h={48} />
        <Skeleton h={48} />
      </Stack>
    );
  if (sessions.isError)
    return <RetryAlert title="Could not load your devices" query={sessions} message={authErrorMessage} />;
  const list = [...sessions.data].sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime());
  if (list.length === 0 || !user) return <Text size="sm">You are not signed in on any device.</Text>;
  const others = list.filter((item) => item.id !== currentId);

  return (
    <Stack gap="sm">
      <Stack gap={0} component="ul" aria-label="Signed-in devices" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {list.map((item) => {
          const current = item.id === currentId;
          return (
            <Group
              key={item.id}
              component="li"
              justify="space-between"
              wrap="nowrap"
              py="xs"
              style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
            >
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap="xs">
                  <Text fw={600} size="sm">
                    {deviceName(item.userAgent)}
                  </Text>
                  {current && (
                    <Badge color="teal.9" variant="filled">
                      This device
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="var(--app-muted)" style={{ overflowWrap: 'anywhere' }}>
                  {item.place} · Last used {lastUsed.format(item.updatedAt)}
                </Text>
              </Stack>
              {!current && (
                <Button
                  variant="default"
                  size="xs"
                  loading={signOutDevice.isPending && signOutDevice.variables === item.id}
                  onClick={() => signOutDevice.mutate(item.id)}
                  aria-label={`Sign out ${deviceName(item.userAgent)}, last used ${lastUsed.format(item.updatedAt)}`}
                >
                  Sign out
                </Button>
              )}
            </Group>
          );
        })}
      </Stack>
      <FailureAlert error={signOutDevice.error ?? signOutOthers.error} message={authErrorMessage} />
      {others.length > 0 && (
        <Group>
          <Button variant="default" loading={signOutOthers.isPending} onClick={() => signOutOthers.mutate()}>
            Sign out all other devices
          </Button>
        </Group>
      )}
    </Stack>
  );
}
