import { Button, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { CardList, ListTable } from '../../../components/list-table.tsx';
import { formatInstant } from '../../../lib/format.ts';
import { type OutboxEmail, useResendEmail } from '../api.ts';
import { emailKindLabel } from './email-kinds.ts';
import { EmailStatusBadge } from './email-status-badge.tsx';

function formatAt(iso: string | null): string {
  if (!iso) return '—';
  return formatInstant(iso);
}

/** Resend one email as a new outbox row; the answer is told beside the button. */
function ResendButton({ email }: { email: OutboxEmail }) {
  const resend = useResendEmail();
  const [done, setDone] = useState(false);
  // One still waiting or being sent would go out twice.
  if (email.status === 'pending' || email.status === 'sending') return null;
  return (
    <Stack gap={2} align="flex-start">
      <Button
        size="xs"
        variant="light"
        loading={resend.isPending}
        onClick={() => resend.mutate(email.id, { onSuccess: () => setDone(true) })}
        aria-label={`Resend “${email.subject}” to ${email.recipient}`}
      >
        Resend
      </Button>
      {done && (
        <Text size="xs" role="status">
          Queued again
        </Text>
      )}
      {resend.isError && (
        <Text size="xs" c="var(--app-danger-text)" role="alert">
          {resend.error.message}
        </Text>
      )}
    </Stack>
  );
}

function OpenButton({ email, onOpen }: { email: OutboxEmail; onOpen: (email: OutboxEmail) => void }) {
  return (
    <Button
      size="xs"
      variant="default"
      onClick={() => onOpen(email)}
      aria-label={`Open “${email.subject}” to ${email.recipient}`}
    >
      Open
    </Button>
  );
}

export function OutboxTable({ emails, onOpen }: { emails: OutboxEmail[]; onOpen: (email: OutboxEmail) => void }) {
  return (
    <ListTable
      minWidth={900}
      head={
        <>
          <Table.Th>Created</Table.Th>
          <Table.Th>To</Table.Th>
          <Table.Th>Subject</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Attempts</Table.Th>
          <Table.Th>Sent</Table.Th>
          <Table.Th>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </>
      }
    >
      {emails.map((email) => (
        <Table.Tr key={email.id}>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatAt(email.createdAt)}</Table.Td>
          <Table.Td style={{ overflowWrap: 'anywhere' }}>{email.recipient}</Table.Td>
          <Table.Td>
            <Text size="sm">{email.subject}</Text>
            <Text size="xs">{emailKindLabel(email.kind)}</Text>
            {email.lastError && (
              <Text size="xs" c="var(--app-danger-text)">
                Last error: {email.lastError}
              </Text>
            )}
          </Table.Td>
          <Table.Td>
            <EmailStatusBadge status={email.status} />
          </Table.Td>
          <Table.Td>{email.attempts}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatAt(email.sentAt)}</Table.Td>
          <Table.Td>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <OpenButton email={email} onOpen={onOpen} />
              <ResendButton email={email} />
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}

export function OutboxCards({ emails, onOpen }: { emails: OutboxEmail[]; onOpen: (email: OutboxEmail) => void }) {
  return (
    <CardList>
      {emails.map((email) => (
        <Card key={email.id} withBorder padding="sm" component="li" aria-label={email.subject}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {email.subject}
            </Text>
            <EmailStatusBadge status={email.status} />
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            To {email.recipient}
          </Text>
          <Text size="xs">
            {emailKindLabel(email.kind)} · created {formatAt(email.createdAt)} · {email.attempts}{' '}
            {email.attempts === 1 ? 'attempt' : 'attempts'}
            {email.sentAt && ` · sent ${formatAt(email.sentAt)}`}
          </Text>
          {email.lastError && (
            <Text size="xs" c="var(--app-danger-text)" style={{ overflowWrap: 'anywhere' }}>
              Last error: {email.lastError}
            </Text>
          )}
          <Group mt="xs" align="flex-start">
            <OpenButton email={email} onOpen={onOpen} />
            <ResendButton email={email} />
          </Group>
        </Card>
      ))}
    </CardList>
  );
}
