import { Badge } from '@mantine/core';
import type { EmailStatus } from '../api.ts';

export const emailStatusLabels: Record<EmailStatus, { label: string; color: string }> = {
  pending: { label: 'Waiting to send', color: 'yellow' },
  sending: { label: 'Sending', color: 'blue' },
  sent: { label: 'Sent', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
  captured: { label: 'Captured (not sent)', color: 'gray' },
};

export function EmailStatusBadge({ status }: { status: EmailStatus }) {
  const { label, color } = emailStatusLabels[status] ?? { label: status, color: 'gray' };
  return (
    <Badge color={color} variant="light" radius="sm" style={{ '--badge-color': 'var(--mantine-color-text)' }}>
      {label}
    </Badge>
  );
}
