import { StatusBadge } from '../../../components/status-badge.tsx';
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
  return <StatusBadge color={color}>{label}</StatusBadge>;
}
