import type { BookingStatus } from '@app/shared';
import { bookingStatusLabels } from '../../../lib/booking-status.ts';
import { formatPrice, formatShortDateTime } from '../../../lib/format.ts';

/** What the owner did, in words: the audit log's codes ('booking.created') never reach the screen. */
const actionLabels: Record<string, string> = {
  created: 'Booked',
  moved: 'Moved',
  rescheduled: 'Moved',
  cancelled: 'Cancelled',
  approved: 'Approved',
  declined: 'Declined',
  restored: 'Brought back',
  confirmed: 'Confirmed',
  completed: 'Marked completed',
  no_show: 'Marked as missed',
  payment: 'Payment recorded',
  refund: 'Refund recorded',
  notes: 'Notes changed',
};

export function auditActionLabel(action: string): string {
  const verb = action.slice(action.indexOf('.') + 1);
  const label = actionLabels[verb] ?? verb.replace(/[_.]/g, ' ');
  return label.charAt(0).toUpperCase() + label.slice(1);
}

const fieldLabels: Record<string, string> = {
  status: 'Status',
  startsAt: 'Starts',
  endsAt: 'Ends',
  privateNotes: 'Private notes',
  cancelReason: 'Reason for cancelling',
  amountPence: 'Amount',
  method: 'Method',
};

const sentenceCase = (field: string) => {
  const words = field
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Bookkeeping fields the owner never needs to read. */
const hidden = new Set(['updatedAt', 'version']);

function readable(field: string, value: unknown, timeZone: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if ((field === 'startsAt' || field === 'endsAt') && typeof value === 'string')
    return formatShortDateTime(value, timeZone);
  if (field === 'status' && typeof value === 'string')
    return bookingStatusLabels[value as BookingStatus]?.label ?? value.replace(/_/g, ' ');
  if (field === 'amountPence' && typeof value === 'number') return formatPrice(value);
  if (typeof value === 'string') return value.replace(/_/g, ' ');
  return JSON.stringify(value);
}

/** What an audited change did, in words: the fields whose value differs between before and after. */
export function changedFields(
  before: unknown,
  after: unknown,
  timeZone: string,
): { field: string; from: string; to: string }[] {
  const a = (before && typeof before === 'object' ? before : {}) as Record<string, unknown>;
  const b = (after && typeof after === 'object' ? after : {}) as Record<string, unknown>;
  return [...new Set([...Object.keys(a), ...Object.keys(b)])]
    .filter((field) => !hidden.has(field) && JSON.stringify(a[field]) !== JSON.stringify(b[field]))
    .map((field) => ({
      field: fieldLabels[field] ?? sentenceCase(field),
      from: readable(field, a[field], timeZone),
      to: readable(field, b[field], timeZone),
    }));
}
