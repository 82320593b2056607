import { type InvoiceStatus, invoiceStatusLabels } from '@app/shared';
import { StatusBadge } from '../../../components/status-badge.tsx';

const colors: Record<InvoiceStatus, string> = {
  draft: 'gray',
  issued: 'blue',
  part_paid: 'yellow',
  paid: 'teal',
  void: 'red',
};

export function InvoiceStatusBadge({ status, overdue = false }: { status: InvoiceStatus; overdue?: boolean }) {
  return (
    <StatusBadge color={overdue ? 'red' : colors[status]}>
      {invoiceStatusLabels[status]}
      {overdue ? ', overdue' : ''}
    </StatusBadge>
  );
}
