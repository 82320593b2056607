import type { AdminReview } from '@app/shared';
import { Button, Group, Paper, Rating, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { NoteField } from '../../../components/note-field.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatMonth } from '../../../lib/format.ts';
import { useDecideReview } from '../api.ts';

const statusLabels = { pending: 'Waiting', approved: 'On the website', hidden: 'Hidden' } as const;
const statusColors = { pending: 'yellow', approved: 'teal', hidden: 'gray' } as const;

/** One review as the owner decides it: show it on the site, hide it, or answer it in public. */
export function AdminReviewCard({ review }: { review: AdminReview }) {
  const decide = useDecideReview();
  const [reply, setReply] = useState(review.reply);
  const [replying, setReplying] = useState(false);
  return (
    <Paper withBorder p="md" radius="md" component="li" aria-label={`Review by ${review.clientName}`}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Rating value={review.rating} readOnly role="img" aria-label={`${review.rating} out of 5 stars`} />
          <StatusBadge color={statusColors[review.status]}>{statusLabels[review.status]}</StatusBadge>
        </Group>
        <Text style={{ whiteSpace: 'pre-line' }}>{review.body || <em>No words, only a rating.</em>}</Text>
        <Text size="sm" c="dimmed">
          {review.clientName} (shown as {review.firstName}), visit of {formatMonth(`${review.month}-01`)}
        </Text>
        {replying ? (
          <NoteField label="Your reply, shown under the review" value={reply} onChange={setReply} />
        ) : (
          review.reply && <Text size="sm">Your reply: {review.reply}</Text>
        )}
        <FailureAlert error={decide.error} />
        <Group gap="xs">
          {review.status !== 'approved' && (
            <Button size="sm" onClick={() => decide.mutate({ id: review.id, status: 'approved' })}>
              Show on the website
            </Button>
          )}
          {review.status !== 'hidden' && (
            <Button size="sm" variant="default" onClick={() => decide.mutate({ id: review.id, status: 'hidden' })}>
              Hide
            </Button>
          )}
          {replying ? (
            <Button
              size="sm"
              variant="light"
              loading={decide.isPending}
              onClick={() => decide.mutate({ id: review.id, reply }, { onSuccess: () => setReplying(false) })}
            >
              Save reply
            </Button>
          ) : (
            <Button size="sm" variant="subtle" onClick={() => setReplying(true)}>
              {review.reply ? 'Change reply' : 'Reply'}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
