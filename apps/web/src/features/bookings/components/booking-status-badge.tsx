import type { BookingStatus } from '@app/shared';
import { Badge } from '@mantine/core';

export const statusLabels: Record<BookingStatus, { label: string; color: string }> = {
  awaiting_payment: { label: 'Awaiting payment', color: 'violet' },
  pending: { label: 'Waiting for approval', color: 'yellow' },
  confirmed: { label: 'Confirmed', color: 'teal' },
  completed: { label: 'Completed', color: 'gray' },
  no_show: { label: 'Missed', color: 'gray' },
  cancelled: { label: 'Cancelled', color: 'red' },
};

export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  const { label, color } = statusLabels[status];
  return (
    // The light variant's coloured text fails contrast; the tint carries the colour, the text stays dark.
    <Badge color={color} variant="light" size="lg" radius="sm" style={{ '--badge-color': 'var(--mantine-color-text)' }}>
      {label}
    </Badge>
  );
}
