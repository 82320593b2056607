import { Anchor, Box, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AppModal } from '../../../components/app-modal.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { attachmentUrl, emailQuery, type OutboxEmail } from '../api.ts';
import { emailKindLabel } from './email-kinds.ts';
import { EmailStatusBadge } from './email-status-badge.tsx';

function sizeOf(bytes: number) {
  return bytes < 1024
    ? `${bytes} bytes`
    : bytes < 1_048_576
      ? `${Math.round(bytes / 1024)} KB`
      : `${(bytes / 1_048_576).toFixed(1)} MB`;
}

function EmailBody({ id }: { id: string }) {
  const email = useQuery(emailQuery(id));
  if (email.isPending)
    return (
      <Stack gap="sm" role="status" aria-label="Loading the email">
        <Skeleton h={20} w="60%" />
        <Skeleton h={240} />
      </Stack>
    );
  if (email.isError)
    return <LoadError title="The email could not be loaded" error={email.error} onRetry={() => email.refetch()} />;
  const data = email.data;
  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="wrap">
        <EmailStatusBadge status={data.status} />
        <Text size="sm">{emailKindLabel(data.kind)}</Text>
      </Group>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        To {data.recipient}
      </Text>
      {/* The email's own HTML, in a sandbox: no script runs and no link opens inside the back office. */}
      <Box
        component="iframe"
        title={`Body of “${data.subject}”`}
        sandbox=""
        srcDoc={
          data.html ??
          `<pre style="white-space:pre-wrap;font-family:sans-serif">${data.text.replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`)}</pre>`
        }
        w="100%"
        h={360}
        bg="white"
        style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-sm)' }}
      />
      {data.attachments.length > 0 && (
        <Stack gap={4}>
          <Text fw={600} size="sm">
            Attachments
          </Text>
          {data.attachments.map((attachment) => (
            <Anchor
              key={attachment.index}
              href={attachmentUrl(data.id, attachment.index)}
              download={attachment.filename}
            >
              {attachment.filename} ({sizeOf(attachment.sizeBytes)})
            </Anchor>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** One email of the outbox opened: exactly what was sent, its body rendered and its attachments to download. */
export function EmailViewer({ email, onClose }: { email: OutboxEmail | null; onClose: () => void }) {
  return (
    <AppModal opened={email !== null} onClose={onClose} title={email?.subject ?? 'Email'} size="lg">
      {email && <EmailBody id={email.id} />}
    </AppModal>
  );
}
