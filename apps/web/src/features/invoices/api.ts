import type {
  BillableBooking,
  CreateInvoiceInput,
  InvoiceDetail,
  InvoiceList,
  InvoicePaymentInput,
  InvoiceRefundInput,
  InvoiceSettings,
  InvoiceSettingsInput,
  InvoiceStatus,
  UpdateInvoiceInput,
} from '@app/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-client.ts';
import { freshListQuery, freshQuery } from '../../lib/fresh-query.ts';
import { listQueryString, useRefreshingMutation } from '../../lib/mutations.ts';

export type InvoiceFilters = { status: InvoiceStatus | ''; q: string; page: number; pageSize: number };

export const invoicesQuery = (filters: InvoiceFilters) =>
  freshListQuery<InvoiceList>(['invoices', 'list', filters], `/admin/invoices?${listQueryString(filters)}`);

export const invoiceQuery = (id: string) =>
  freshQuery<InvoiceDetail>(['invoices', 'one', id], `/admin/invoices/${encodeURIComponent(id)}`);

export const invoiceSettingsQuery = queryOptions({
  queryKey: ['invoices', 'settings'],
  queryFn: () => apiFetch<InvoiceSettings>('/admin/invoices/settings'),
  staleTime: 60_000,
});

export const billableBookingsQuery = freshQuery<{ bookings: BillableBooking[] }>(
  ['invoices', 'billable-bookings'],
  '/admin/invoices/billable-bookings',
);

/** Served as an attachment: a plain link downloads it with the admin's session cookie. */
export function invoicePdfUrl(id: string): string {
  return `/api/admin/invoices/${encodeURIComponent(id)}/pdf`;
}

// Payments live on bookings too, and the ledger changes with every invoice event.
const useInvoiceMutation = <Input, Output>(mutationFn: (input: Input) => Promise<Output>) =>
  useRefreshingMutation([['invoices'], ['bookings']], mutationFn);

export const useCreateInvoice = () =>
  useInvoiceMutation((input: CreateInvoiceInput) =>
    apiFetch<InvoiceDetail>('/admin/invoices', { method: 'POST', body: input }),
  );

export const useInvoiceBooking = () =>
  useInvoiceMutation((bookingId: string) =>
    apiFetch<InvoiceDetail>(`/admin/invoices/from-booking/${encodeURIComponent(bookingId)}`, { method: 'POST' }),
  );

export const useUpdateInvoice = (id: string) =>
  useInvoiceMutation((input: UpdateInvoiceInput) =>
    apiFetch<InvoiceDetail>(`/admin/invoices/${encodeURIComponent(id)}`, { method: 'PATCH', body: input }),
  );

export const useDeleteInvoice = (id: string) =>
  useInvoiceMutation(() => apiFetch<null>(`/admin/invoices/${encodeURIComponent(id)}`, { method: 'DELETE' }));

export const useIssueInvoice = (id: string) =>
  useInvoiceMutation((input: { issueDate?: string }) =>
    apiFetch<InvoiceDetail>(`/admin/invoices/${encodeURIComponent(id)}/issue`, { method: 'POST', body: input }),
  );

export const useSendInvoice = (id: string) =>
  useInvoiceMutation(() =>
    apiFetch<{ emailId: string | null; to: string }>(`/admin/invoices/${encodeURIComponent(id)}/send`, {
      method: 'POST',
    }),
  );

export const useInvoicePayment = (id: string) =>
  useInvoiceMutation((input: InvoicePaymentInput) =>
    apiFetch<InvoiceDetail>(`/admin/invoices/${encodeURIComponent(id)}/payments`, { method: 'POST', body: input }),
  );

export const useCreditNote = (id: string) =>
  useInvoiceMutation((input: { reason: string }) =>
    apiFetch<InvoiceDetail>(`/admin/invoices/${encodeURIComponent(id)}/credit-note`, { method: 'POST', body: input }),
  );

export const useInvoiceRefund = (id: string) =>
  useInvoiceMutation((input: InvoiceRefundInput) =>
    apiFetch<InvoiceDetail>(`/admin/invoices/${encodeURIComponent(id)}/refunds`, { method: 'POST', body: input }),
  );

export const useSaveInvoiceSettings = () =>
  useInvoiceMutation((input: InvoiceSettingsInput) =>
    apiFetch<InvoiceSettings>('/admin/invoices/settings', { method: 'PUT', body: input }),
  );
