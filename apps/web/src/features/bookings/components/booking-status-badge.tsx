import type { BookingStatus } from '@app/shared';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { bookingStatusLabels } from '../../../lib/booking-status.ts';

export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  const { label, color } = bookingStatusLabels[status];
  return (
    <StatusBadge color={color} size="lg">
      {label}
    </StatusBadge>
  );
}
