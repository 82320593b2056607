import type { BookingStatus } from '@app/shared';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { bookingStatusLabels } from '../../../lib/booking-status.ts';

/** The dashboard's shorter words for the two statuses the owner acts on. */
const labels: Record<BookingStatus, { label: string; color: string }> = {
  ...bookingStatusLabels,
  pending: { label: 'To approve', color: 'yellow' },
  no_show: { label: 'No-show', color: 'gray' },
};

export function DashboardStatusBadge({ status }: { status: BookingStatus }) {
  const { label, color } = labels[status];
  return <StatusBadge color={color}>{label}</StatusBadge>;
}
