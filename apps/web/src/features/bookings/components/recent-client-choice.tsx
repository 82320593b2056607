import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { adminBookingsQuery } from '../admin-api.ts';
import { clientDetails, type RecentClient, recentClients } from '../recent-clients.ts';

/** A button's name over its details, both wrapping: a name or email with no spaces never widens the dialog. */
const wrappingLabel = {
  whiteSpace: 'normal',
  overflowWrap: 'anywhere',
  textAlign: 'start',
  flexDirection: 'column',
  alignItems: 'flex-start',
  minWidth: 0,
} as const;

/** How many of the diary's latest bookings the clients are drawn from. */
const LATEST = 100;

/**
 * 'Your regular clients': the owner taking a call picks a client with one tap before typing anything; their usual
 * treatment then comes first among the tiles. Under each name, their email and last visit tell two of the same name
 * apart; a long name or email wraps inside its button.
 */
export function RecentClientChoice({
  chosenId,
  timeZone,
  onChoose,
}: {
  chosenId: string | null;
  timeZone: string;
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
            py={6}
            styles={{ label: wrappingLabel }}
            onClick={() => onChoose(client)}
          >
            <span>{client.name}</span>
            <Text span size="xs" fw={400} c="inherit">
              {clientDetails(client, timeZone)}
            </Text>
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
