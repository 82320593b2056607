import { Button, Group } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { readableTitle } from '../../../components/readable-styles.ts';
import { ApiError, apiFetch } from '../../../lib/api-client.ts';

/** Makes a draft invoice of a booking and opens it on /invoices; a booking already invoiced opens its invoice. */
export function CreateInvoiceButton({ bookingId }: { bookingId: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: () =>
      apiFetch<{ id: string }>(`/admin/invoices/from-booking/${encodeURIComponent(bookingId)}`, { method: 'POST' }),
    onSuccess: async (invoice) => {
      await queryClient.invalidateQueries({ queryKey: ['invoices'] });
      navigate(`/invoices?invoice=${encodeURIComponent(invoice.id)}`);
    },
    onError: (error) => {
      const existing = error instanceof ApiError ? (error.details as { invoiceId?: string } | undefined) : undefined;
      if (existing?.invoiceId) navigate(`/invoices?invoice=${encodeURIComponent(existing.invoiceId)}`);
    },
  });
  return (
    <>
      <Group>
        <Button variant="default" loading={create.isPending} onClick={() => create.mutate()}>
          Create invoice
        </Button>
      </Group>
      <FailureAlert error={create.error} title="No invoice was created" styles={readableTitle} />
    </>
  );
}
