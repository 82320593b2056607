import { type OutboxText, textKindLabels } from '@app/shared';
import { Badge, Group, Text } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

const bookingTextsQuery = (id: string) =>
  queryOptions({
    queryKey: ['bookings', 'texts', id],
    queryFn: () =>
      apiFetch<{ phoneVerified: boolean; texts: OutboxText[] }>(`/admin/bookings/${encodeURIComponent(id)}/texts`),
  });

const statusWords: Record<OutboxText['status'], string> = {
  queued: 'waiting to send',
  sending: 'sending',
  sent: 'sent',
  delivered: 'delivered',
  undelivered: 'not delivered',
  failed: 'failed',
  unknown: 'fate unknown',
};

/** On the booking sheet: whether the client's number is verified, and each text of the booking with its delivery. */
export function BookingTexts({ bookingId }: { bookingId: string }) {
  const answer = useQuery(bookingTextsQuery(bookingId));
  if (!answer.data) return null;
  const { phoneVerified, texts } = answer.data;
  if (!phoneVerified && texts.length === 0) return null;
  return (
    <Group gap="xs" wrap="wrap" aria-label="Texts">
      {phoneVerified && (
        <Badge color="teal" variant="light">
          Phone verified
        </Badge>
      )}
      {texts.map((text) => (
        <Text key={text.id} size="xs" c="var(--app-muted)">
          Text: {textKindLabels[text.kind]} — {statusWords[text.status]}
        </Text>
      ))}
    </Group>
  );
}
