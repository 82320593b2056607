import type { BookingStatus } from '@app/shared';
import { Badge } from '@mantine/core';

const labels: Record<BookingStatus, { label: string; color: string }> = {
  awaiting_payment: { label: 'Awaiting payment', color: 'violet' },
  pending: { label: 'To approve', color: 'yellow' },
  confirmed: { label: 'Confirmed', color: 'teal' },
  completed: { label: 'Completed', color: 'gray' },
  no_show: { label: 'No-show', color: 'gray' },
  cancelled: { label: 'Cancelled', color: 'red' },
};

export function StatusBadge({ status }: { status: BookingStatus }) {
  const { label, color } = labels[status];
  // The light variant's coloured text fails contrast; the tint carries the colour, the text stays dark.
  return (
    <Badge color={color} variant="light" radius="sm" style={{ '--badge-color': 'var(--mantine-color-text)' }}>
      {label}
    </Badge>
  );
}
