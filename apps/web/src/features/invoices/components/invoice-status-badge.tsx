import { type InvoiceStatus, invoiceStatusLabels } from '@app/shared';
import { Badge } from '@mantine/core';

const colors: Record<InvoiceStatus, string> = {
  draft: 'gray',
  issued: 'blue',
  part_paid: 'yellow',
  paid: 'teal',
  void: 'red',
};

export function InvoiceStatusBadge({ status, overdue = false }: { status: InvoiceStatus; overdue?: boolean }) {
  return (
    // The tint carries the colour; the text stays dark enough for WCAG AA.
    <Badge
      color={overdue ? 'red' : colors[status]}
      variant="light"
      radius="sm"
      style={{ '--badge-color': 'var(--mantine-color-text)' }}
    >
      {invoiceStatusLabels[status]}
      {overdue ? ', overdue' : ''}
    </Badge>
  );
}
