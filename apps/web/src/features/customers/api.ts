import type { CustomerPolicy, emailStatusList, Payment, UpdateCustomerInput } from '@app/shared';
import { apiFetch } from '../../lib/api-client.ts';
import { freshQuery } from '../../lib/fresh-query.ts';
import { useRefreshingMutation, useRemovingMutation } from '../../lib/mutations.ts';

/** A booking row as the customer's page receives it (the table's own columns, dates as ISO strings). */
export type CustomerBooking = {
  id: string;
  serviceName: string;
  durationMinutes: number;
  pricePence: number;
  startsAt: string;
  status: 'pending' | 'confirmed' | 'completed' | 'no_show' | 'cancelled';
  cancelReason: string | null;
};

export type AuditEntry = {
  id: string;
  action: string;
  actorEmail: string | null;
  at: string;
  before: unknown;
  after: unknown;
};

export type CustomerDetail = {
  customer: {
    id: string;
    name: string;
    email: string;
    emailVerified: boolean;
    phone: string | null;
    createdAt: string;
    policy: CustomerPolicy;
    tags: string[];
    privateNotes: string;
  };
  bookings: CustomerBooking[];
  payments: Payment[];
  emails: { id: string; subject: string; status: (typeof emailStatusList)[number]; createdAt: string }[];
  audit: AuditEntry[];
};

export const customerQuery = (uid: string) =>
  freshQuery<CustomerDetail>(['customers', 'one', uid], `/admin/customers/${encodeURIComponent(uid)}`);

/** Served as an attachment: a plain link downloads it with the admin's session cookie. */
export function customerExportUrl(uid: string): string {
  return `/api/admin/customers/${encodeURIComponent(uid)}/export`;
}

export const useUpdateCustomer = (uid: string) =>
  useRefreshingMutation([['customers']], (input: UpdateCustomerInput) =>
    apiFetch<unknown>(`/admin/customers/${encodeURIComponent(uid)}`, { method: 'PATCH', body: input }),
  );

export const useEraseCustomer = () =>
  useRemovingMutation(
    (uid: string) =>
      apiFetch<{ erased: true }>(`/admin/customers/${encodeURIComponent(uid)}/erase`, { method: 'POST' }),
    (uid) => ['customers', 'one', uid],
    ['customers', 'list'],
  );
