import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { adminBookingsQuery } from '../admin-api.ts';
import { type RecentClient, recentClients } from '../recent-clients.ts';

/** How many of the diary's latest bookings the clients are drawn from. */
const LATEST = 100;

/**
 * 'Your regular clients': the owner taking a call picks a client with one tap before typing anything; their usual
 * treatment then comes first among the tiles.
 */
export function RecentClientChoice({
  chosenId,
  onChoose,
}: {
  chosenId: string | null;
  onChoose: (client: RecentClient) => void;
}) {
  const latest = useQuery(adminBookingsQuery({ pageSize: LATEST }));
  const clients = useMemo(() => recentClients(latest.data?.bookings ?? []), [latest.data]);
  if (latest.isPending) return <Skeleton height={44} />;
  if (clients.length === 0) return null;
  return (
    <Stack gap={4} role="group" aria-labelledby="recent-clients">
      <Text size="sm" fw={600} id="recent-clients">
        Regular clients
      </Text>
      <Group gap="xs">
        {clients.map((client) => (
          <Button
            key={client.id}
            variant={client.id === chosenId ? 'filled' : 'default'}
            aria-pressed={client.id === chosenId}
            h="auto"
            mih={44}
            maw="100%"
            styles={{ label: { whiteSpace: 'normal', overflowWrap: 'anywhere', textAlign: 'start' } }}
            onClick={() => onChoose(client)}
          >
            {client.name}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
