import type { CustomerPolicy } from '@app/shared';
import { Badge } from '@mantine/core';

export const policyLabels: Record<CustomerPolicy, string> = { new: 'New', trusted: 'Trusted', blocked: 'Blocked' };
const colors: Record<CustomerPolicy, string> = { new: 'gray', trusted: 'teal', blocked: 'red' };

export function PolicyBadge({ policy }: { policy: CustomerPolicy }) {
  return (
    // The tint carries the colour; the text stays dark enough for WCAG AA.
    <Badge color={colors[policy]} variant="light" radius="sm" style={{ '--badge-color': 'var(--mantine-color-text)' }}>
      {policyLabels[policy]}
    </Badge>
  );
}
