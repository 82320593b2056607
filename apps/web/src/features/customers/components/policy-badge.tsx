import type { CustomerPolicy } from '@app/shared';
import { StatusBadge } from '../../../components/status-badge.tsx';

export const policyLabels: Record<CustomerPolicy, string> = { new: 'New', trusted: 'Trusted', blocked: 'Blocked' };
const colors: Record<CustomerPolicy, string> = { new: 'gray', trusted: 'teal', blocked: 'red' };

export function PolicyBadge({ policy }: { policy: CustomerPolicy }) {
  return <StatusBadge color={colors[policy]}>{policyLabels[policy]}</StatusBadge>;
}
